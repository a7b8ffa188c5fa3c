/**
 * The pure input checks and conversions (shared/validation.ts) and the Base URL
 * normalisation (shared/baseUrl.ts), table by table, against the interface document.
 */
import { CSS_NAMED_COLORS } from '../../../../nodes/LinkManagement/shared/cssColors';
import {
	emailAddress,
	httpUrl,
	imageAddress,
	nonEmptyText,
	oneOf,
	pathSegment,
	positiveWholeNumber,
	positiveWholeNumbers,
	toBoolean,
	toHexColor,
	toRgbColor,
} from '../../../../nodes/LinkManagement/shared/validation';
import { apiRootFromBaseUrl } from '../../../../nodes/LinkManagement/transport/baseUrl';
import { NOT_POSITIVE_WHOLE_NUMBERS } from '../../../helpers/fixtures';
import { refusal, refusalError } from '../../../helpers/inputError';

/** A color conversion: `toColor` sends each value as the color beside it. */
function itSendsColors(
	toColor: (value: unknown, label: string) => unknown,
	label: string,
	colors: Array<[string, string]>,
): void {
	test.each(colors)('sends %j as %j', (value, sent) => {
		expect(toColor(value, label)).toBe(sent);
	});
}

/** `check` refuses `value` with an InputError naming `label` and matching every pattern. */
function expectRefused(
	check: (value: unknown, label: string) => unknown,
	value: unknown,
	label: string,
	...patterns: Array<string | RegExp>
): void {
	const message = refusal(() => check(value, label));
	expect(message).toContain(label);
	for (const pattern of patterns) expect(message).toMatch(pattern);
}

describe('positiveWholeNumber', () => {
	test.each([
		['12', 12],
		[' 12 ', 12],
		['1', 1],
		[42, 42],
		['007', 7],
		['9007199254740991', 9007199254740991],
	])('accepts %j as %j', (value, id) => {
		expect(positiveWholeNumber(value, 'Campaign ID')).toBe(id);
	});

	test.each([
		// The values every ID field of the node is tested with, and more.
		...NOT_POSITIVE_WHOLE_NUMBERS,
		'   ',
		'1e3',
		'0x10',
		'12abc',
		'+5',
		'9007199254740993',
		undefined,
		null,
		0,
		-1,
		1.5,
		true,
		{},
	])('refuses %j, naming the field and what is expected', (value) => {
		expectRefused(positiveWholeNumber, value, 'Campaign ID', /positive whole number/);
	});
});

describe('positiveWholeNumbers (pixels)', () => {
	test.each([
		[
			['61', 62, ' 63 '],
			[61, 62, 63],
		],
		['61, 62,61', [61, 62]],
		['', []],
	])('reads %j as %j', (value, ids) => {
		expect(positiveWholeNumbers(value, 'Pixels')).toEqual(ids);
	});

	test('refuses a list with an ID that is no positive whole number, naming it', () => {
		expect(refusal(() => positiveWholeNumbers('61, x', 'Pixels'))).toMatch(/^'Pixels' .* "x"/);
	});
});

describe('pathSegment (a short link alias)', () => {
	test.each(['summer-sale', 'Q3_2026', 'a.b', 'café'])('takes %j', (alias) => {
		expect(pathSegment(` ${alias} `, 'Alias')).toBe(alias);
	});

	test.each([
		['summer sale', 'a space'],
		['a/b', '"/"'],
		['a?b', '"?"'],
		['a#b', '"#"'],
		['a%20b', '"%"'],
		['a\\b', '"\\"'],
	])('refuses %j: it contains %s', (alias, what) => {
		expect(refusal(() => pathSegment(alias, 'Alias'))).toContain(`it contains ${what}`);
	});
});

describe('imageAddress (a logo, a preview image)', () => {
	test.each(['https://e.example/a.png', 'http://e.example/b.JPG'])('takes %j', (url) => {
		expect(imageAddress(url, 'Logo')).toBe(url);
	});

	test.each(['https://e.example/a.gif', 'e.example/a.png', 'https://e.example/png'])(
		'refuses %j',
		(url) => {
			expect(refusal(() => imageAddress(url, 'Logo'))).toMatch(/^'Logo' must be .*\.png or \.jpg/);
		},
	);
});

describe('oneOf', () => {
	const itemType = oneOf(['links', 'bio', 'qr']);

	test.each([
		['links', 'links'],
		[' qr ', 'qr'],
		['bio', 'bio'],
	])('accepts %j as %j', (value, accepted) => {
		expect(itemType(value, 'Item Type')).toBe(accepted);
	});

	test.each(['video', 'Links', '', 'link', undefined])(
		'refuses %j, listing the allowed values',
		(value) => {
			expectRefused(itemType, value, 'Item Type', 'links, bio, qr');
		},
	);
});

describe('toBoolean', () => {
	test.each([
		[true, true],
		[false, false],
		['true', true],
		['false', false],
		[' TRUE ', true],
		['False', false],
	])('sends %j as the JSON boolean %j', (value, sent) => {
		expect(toBoolean(value, 'Public')).toBe(sent);
	});

	test.each(['yes', '1', '', 'maybe', 1])('refuses %j', (value) => {
		expectRefused(toBoolean, value, 'Public', /true or false/);
	});
});

describe('nonEmptyText', () => {
	test('keeps text, trimmed', () => {
		expect(nonEmptyText('  Newsletter ', 'Name')).toBe('Newsletter');
	});

	test.each(['', '   ', '\n\t'])('refuses %j', (value) => {
		const refused = refusalError(() => nonEmptyText(value, 'Name'));
		expect(refused.message).toBe("'Name' must not be empty");
		expect(refused.description).toBe(
			"Fill in 'Name', or map it from a field of the input that is not empty.",
		);
	});
});

describe('httpUrl', () => {
	test.each([
		'https://go.example.com',
		'http://go.example.com',
		'HTTPS://EXAMPLE.COM/path?x=1',
		' https://example.com/404 ',
		'http://localhost:8080/x',
		'https://bücher.example',
	])('accepts %j', (value) => {
		expect(httpUrl(value, 'Domain')).toBe(value.trim());
	});

	test.each([
		'go.example.com',
		'ftp://go.example.com',
		'https://',
		'https:// example.com',
		'//example.com',
		'mailto:a@b.c',
		'',
		'https://exa mple.com',
		'https://example.com/a path',
		'https://.',
		'https://-bad-.example',
		'https://exa_mple.com',
		'https://.example.com',
		'http://example..com',
	])('refuses %j, saying http:// or https:// is expected', (value) => {
		expectRefused(httpUrl, value, 'Redirect Root', /http:\/\/ or https:\/\//);
	});
});

describe('toRgbColor (QR background and foreground)', () => {
	itSendsColors(toRgbColor, 'Background Color', [
		['#FFFFFF', 'rgb(255,255,255)'],
		['#000000', 'rgb(0,0,0)'],
		['#1f6feb', 'rgb(31,111,235)'],
		['#ABC', 'rgb(170,187,204)'],
		['#fff', 'rgb(255,255,255)'],
		['rgb(1,2,3)', 'rgb(1,2,3)'],
		['rgb( 0 , 128 , 255 )', 'rgb(0,128,255)'],
		['RGB(255,255,255)', 'rgb(255,255,255)'],
		[' #000 ', 'rgb(0,0,0)'],
		['red', 'rgb(255,0,0)'],
		['Red', 'rgb(255,0,0)'],
		[' RebeccaPurple ', 'rgb(102,51,153)'],
		['NAVY', 'rgb(0,0,128)'],
		['darkgrey', 'rgb(169,169,169)'],
		['darkgray', 'rgb(169,169,169)'],
		['lightgoldenrodyellow', 'rgb(250,250,210)'],
	]);

	test.each([
		'notacolor',
		'reddish',
		'light blue',
		'constructor',
		'#12',
		'#1234',
		'#12345',
		'#1234567',
		'#GGGGGG',
		'123456',
		'rgb(256,0,0)',
		'rgb(1,2)',
		'rgba(1,2,3,0.5)',
		'rgb(-1,0,0)',
		'',
	])('refuses %j, naming the accepted forms', (value) => {
		expectRefused(
			toRgbColor,
			value,
			'Background Color',
			/#RRGGBB, #RGB or rgb\(r,g,b\)/,
			'CSS color name',
		);
	});

	test.each(['transparent', ' Transparent '])(
		'refuses %j, saying that the service takes no transparency',
		(value) => {
			const refused = refusalError(() => toRgbColor(value, 'Background Color'));
			expect(refused.message).toBe(
				"'Background Color' cannot be transparent: the service takes opaque colors only",
			);
			expect(refused.description).toBe(
				'Give an opaque color: a CSS color name (such as red), #RRGGBB, #RGB or rgb(r,g,b).',
			);
		},
	);
});

describe('toHexColor (channel color)', () => {
	itSendsColors(toHexColor, 'Color', [
		['#1F6FEB', '#1F6FEB'],
		['#1f6feb', '#1F6FEB'],
		['#abc', '#AABBCC'],
		['#F0A', '#FF00AA'],
		['red', '#FF0000'],
		['BLUE', '#0000FF'],
		[' rebeccapurple ', '#663399'],
		['SpringGreen', '#00FF7F'],
		[' #000 ', '#000000'],
	]);

	test.each(['rgb(1,2,3)', 'notacolor', 'bluish', '#1234', '#GGG', '1F6FEB', ''])(
		'refuses %j, naming the accepted forms',
		(value) => {
			expectRefused(toHexColor, value, 'Color', /#RRGGBB or #RGB/, 'CSS color name');
		},
	);

	test('refuses "transparent", saying that the service takes no transparency', () => {
		const refused = refusalError(() => toHexColor('transparent', 'Color'));
		expect(refused.message).toBe(
			"'Color' cannot be transparent: the service takes opaque colors only",
		);
		expect(refused.description).toBe(
			'Give an opaque color: a CSS color name (such as red), #RRGGBB or #RGB.',
		);
	});
});

describe('CSS color names', () => {
	test('are the 148 named colors of CSS, each an exact #RRGGBB value', () => {
		const names = Object.keys(CSS_NAMED_COLORS);
		expect(names).toHaveLength(148);
		for (const name of names) {
			expect(name).toMatch(/^[a-z]+$/);
			expect(CSS_NAMED_COLORS[name]).toMatch(/^#[0-9A-F]{6}$/);
			// Both conversions use the table, whatever the case.
			expect(toHexColor(name.toUpperCase(), 'Color')).toBe(CSS_NAMED_COLORS[name]);
		}
		expect(names).toEqual(
			expect.arrayContaining(['rebeccapurple', 'grey', 'gray', 'cyan', 'aqua']),
		);
		expect(names).not.toContain('transparent');
	});

	test.each([
		['black', '#000000'],
		['white', '#FFFFFF'],
		['red', '#FF0000'],
		['green', '#008000'],
		['lime', '#00FF00'],
		['rebeccapurple', '#663399'],
		['aliceblue', '#F0F8FF'],
		['mediumspringgreen', '#00FA9A'],
		['slategrey', '#708090'],
		['yellowgreen', '#9ACD32'],
	])('%s is %s', (name, hex) => {
		expect(CSS_NAMED_COLORS[name]).toBe(hex);
	});
});

describe('emailAddress', () => {
	test.each(['owner@example.com', ' owner@example.com ', 'first.last+tag@sub.example.org'])(
		'accepts %j',
		(value) => {
			expect(emailAddress(value, 'Email')).toBe(value.trim());
		},
	);

	test.each(['not-an-email', 'owner@', '@example.com', 'owner@example', 'a b@example.com', ''])(
		'refuses %j',
		(value) => {
			expectRefused(emailAddress, value, 'Email', /email address/);
		},
	);
});

describe('apiRootFromBaseUrl', () => {
	test.each([
		['https://h.test', 'https://h.test/api'],
		['https://h.test/', 'https://h.test/api'],
		['https://h.test/api', 'https://h.test/api'],
		['https://h.test/api/', 'https://h.test/api'],
		['https://h.test/API', 'https://h.test/api'],
		['https://h.test/short', 'https://h.test/short/api'],
		['https://h.test/short/', 'https://h.test/short/api'],
		['https://h.test/short/api', 'https://h.test/short/api'],
		['https://h.test/short/api/', 'https://h.test/short/api'],
		['https://h.test//', 'https://h.test/api'],
		['http://h.test:8080/links', 'http://h.test:8080/links/api'],
		['  https://h.test/  ', 'https://h.test/api'],
		['http://127.0.0.1:4010', 'http://127.0.0.1:4010/api'],
		['http://[::1]:4010/', 'http://[::1]:4010/api'],
		['https://xn--bcher-kva.example', 'https://xn--bcher-kva.example/api'],
	])('%j → %j', (baseUrl, apiRoot) => {
		expect(apiRootFromBaseUrl(baseUrl)).toBe(apiRoot);
	});

	test.each([
		'ftp://h.test',
		'h.test',
		'',
		'   ',
		'https://h.test?x=1',
		'https://h.test/#top',
		'mailto:owner@h.test',
		'https://h test',
		'https://h.test/my links',
		'https://user:secret@h.test',
		'https://',
		'https://-h.test',
		undefined,
		null,
		42,
	])('refuses %j with a message about the Base URL', (baseUrl) => {
		const message = refusal(() => apiRootFromBaseUrl(baseUrl));
		expect(message).toContain('Base URL');
		expect(message).toMatch(/http\(s\)/);
	});
});
