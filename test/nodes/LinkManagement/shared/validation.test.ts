/**
 * The pure input checks and conversions (shared/validation.ts) and the Base URL
 * normalisation (shared/baseUrl.ts), table by table, against the interface document.
 */
import { apiRootFromBaseUrl } from '../../../../nodes/LinkManagement/transport/baseUrl';
import {
	emailAddress,
	httpUrl,
	InputError,
	nonEmptyText,
	oneOf,
	parsePositiveId,
	toBoolean,
	toHexColor,
	toRgbColor,
} from '../../../../nodes/LinkManagement/shared/validation';

/** Runs `check` and returns the InputError message it throws. */
function refusal(check: () => unknown): string {
	try {
		check();
	} catch (error) {
		expect(error).toBeInstanceOf(InputError);
		return (error as Error).message;
	}
	throw new Error('expected the value to be refused');
}

describe('parsePositiveId', () => {
	test.each([
		['12', 12],
		[' 12 ', 12],
		['1', 1],
		[42, 42],
		['007', 7],
		['9007199254740991', 9007199254740991],
	])('accepts %j as %j', (value, id) => {
		expect(parsePositiveId(value, 'Campaign ID')).toBe(id);
	});

	test.each([
		'abc',
		'0',
		'-3',
		'1.5',
		'',
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
		const message = refusal(() => parsePositiveId(value, 'Campaign ID'));
		expect(message).toContain('Campaign ID');
		expect(message).toMatch(/positive whole number/);
	});
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
			const message = refusal(() => itemType(value, 'Item Type'));
			expect(message).toContain('Item Type');
			expect(message).toContain('links, bio, qr');
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
		const message = refusal(() => toBoolean(value, 'Public'));
		expect(message).toContain('Public');
		expect(message).toMatch(/true or false/);
	});
});

describe('nonEmptyText', () => {
	test('keeps text, trimmed', () => {
		expect(nonEmptyText('  Newsletter ', 'Name')).toBe('Newsletter');
	});

	test.each(['', '   ', '\n\t'])('refuses %j', (value) => {
		expect(refusal(() => nonEmptyText(value, 'Name'))).toBe('Name must not be empty');
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
		const message = refusal(() => httpUrl(value, 'Redirect Root'));
		expect(message).toContain('Redirect Root');
		expect(message).toMatch(/http:\/\/ or https:\/\//);
	});
});

describe('toRgbColor (QR background and foreground)', () => {
	test.each([
		['#FFFFFF', 'rgb(255,255,255)'],
		['#000000', 'rgb(0,0,0)'],
		['#1f6feb', 'rgb(31,111,235)'],
		['#ABC', 'rgb(170,187,204)'],
		['#fff', 'rgb(255,255,255)'],
		['rgb(1,2,3)', 'rgb(1,2,3)'],
		['rgb( 0 , 128 , 255 )', 'rgb(0,128,255)'],
		['RGB(255,255,255)', 'rgb(255,255,255)'],
		[' #000 ', 'rgb(0,0,0)'],
	])('sends %j as %j', (value, sent) => {
		expect(toRgbColor(value, 'Background Color')).toBe(sent);
	});

	test.each([
		'red',
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
		const message = refusal(() => toRgbColor(value, 'Background Color'));
		expect(message).toContain('Background Color');
		expect(message).toMatch(/#RRGGBB, #RGB or rgb\(r,g,b\)/);
	});
});

describe('toHexColor (channel color)', () => {
	test.each([
		['#1F6FEB', '#1F6FEB'],
		['#1f6feb', '#1F6FEB'],
		['#abc', '#AABBCC'],
		['#F0A', '#FF00AA'],
		[' #000 ', '#000000'],
	])('sends %j as %j', (value, sent) => {
		expect(toHexColor(value, 'Color')).toBe(sent);
	});

	test.each(['rgb(1,2,3)', 'blue', '#1234', '#GGG', '1F6FEB', ''])(
		'refuses %j, naming the accepted forms',
		(value) => {
			const message = refusal(() => toHexColor(value, 'Color'));
			expect(message).toContain('Color');
			expect(message).toMatch(/#RRGGBB or #RGB/);
		},
	);
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
			const message = refusal(() => emailAddress(value, 'Email'));
			expect(message).toContain('Email');
			expect(message).toMatch(/e-mail address/);
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
