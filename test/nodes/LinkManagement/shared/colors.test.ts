/**
 * Colors a user gives (shared/colors.ts, with the CSS names of shared/cssColors.ts): the forms
 * taken, what each is sent as, and the refusals.
 */
import { toHexColor, toRgbColor } from '../../../../nodes/LinkManagement/shared/colors';
import { CSS_NAMED_COLORS } from '../../../../nodes/LinkManagement/shared/cssColors';
import { expectRefused, refusalError } from '../../../helpers/inputError';

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
