import { cssNamedColor } from './cssColors';
import type { Converter } from './validation';
import { asGiven, InputError, quoted, text } from './validation';

/**
 * Colors a user gives (a QR code's, a channel's): a CSS color name, #RRGGBB, #RGB or rgb(r,g,b),
 * checked and sent in the form the service takes.
 */

const HEX_COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const RGB_COLOR = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i;

function hexToChannels(hex: string): number[] {
	const digits =
		hex.length === 4 ? [...hex.slice(1)].map((d) => d + d) : hex.slice(1).match(/../g)!;
	return digits.map((pair) => parseInt(pair, 16));
}

/**
 * A CSS color name (any case) as `#RRGGBB`, as n8n's color picker shows it; anything else is
 * returned unchanged. "transparent" is refused: the service's colors have no transparency.
 */
function withNamedColor(candidate: string, label: string, forms: string): string {
	const name = candidate.toLowerCase();
	if (name === 'transparent') {
		throw new InputError(
			`${quoted(label)} cannot be transparent: the service takes opaque colors only`,
			`Give an opaque color: ${forms}.`,
		);
	}
	return cssNamedColor(name) ?? candidate;
}

const RGB_FORMS = 'a CSS color name (such as red), #RRGGBB, #RGB or rgb(r,g,b)';
const HEX_FORMS = 'a CSS color name (such as red), #RRGGBB or #RGB';

/** A CSS color name, `#RRGGBB`, `#RGB` or `rgb(r,g,b)`, always sent as `rgb(r,g,b)`. */
export const toRgbColor: Converter = (value, label) => {
	const candidate = withNamedColor(text(value), label, RGB_FORMS);
	let channels: number[] | undefined;
	if (HEX_COLOR.test(candidate)) channels = hexToChannels(candidate);
	const rgb = RGB_COLOR.exec(candidate);
	if (rgb) channels = rgb.slice(1, 4).map(Number);
	if (!channels || channels.some((channel) => channel > 255)) {
		throw new InputError(
			`${quoted(label)} must be a color as #RRGGBB, #RGB or rgb(r,g,b) with values 0-255, or a CSS color name (such as red), but got ${asGiven(value)}`,
			`Give ${RGB_FORMS}, each value from 0 to 255, such as #1F6FEB or rgb(31,111,235).`,
		);
	}
	return `rgb(${channels.join(',')})`;
};

/** A CSS color name, `#RRGGBB` or `#RGB`, always sent as `#RRGGBB`. */
export const toHexColor: Converter = (value, label) => {
	const candidate = withNamedColor(text(value), label, HEX_FORMS);
	if (!HEX_COLOR.test(candidate)) {
		throw new InputError(
			`${quoted(label)} must be a color as #RRGGBB or #RGB (such as #1F6FEB), or a CSS color name (such as red), but got ${asGiven(value)}`,
			`Give ${HEX_FORMS}, such as #1F6FEB.`,
		);
	}
	const channels = hexToChannels(candidate);
	return `#${channels.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`.toUpperCase();
};
