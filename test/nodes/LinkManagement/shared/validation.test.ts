/**
 * The pure input checks and conversions (shared/validation.ts), table by table, against the
 * interface document.
 */
import {
	emailAddress,
	nonEmptyText,
	oneOf,
	pathSegment,
	positiveWholeNumber,
	positiveWholeNumbers,
	toBoolean,
} from '../../../../nodes/LinkManagement/shared/validation';
import { NOT_POSITIVE_WHOLE_NUMBERS } from '../../../helpers/fixtures';
import { expectRefused, refusal, refusalError } from '../../../helpers/inputError';

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
