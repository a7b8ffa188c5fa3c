// QR code images as the public addresses serve them: PNG or SVG, square, `size` pixels wide, in
// the QR code's own colours (`rgb(r,g,b)`; black on white where none is set). Rendered by the
// `qrcode` package (a dev dependency: the sandbox is test infrastructure).

import QRCode from 'qrcode';

export type ImageFormat = 'png' | 'svg';
export const IMAGE_FORMATS: readonly ImageFormat[] = ['png', 'svg'];
export const CONTENT_TYPES: Record<ImageFormat, string> = {
	png: 'image/png',
	svg: 'image/svg+xml',
};

export const DEFAULT_SIZE = 1000;
export const MIN_SIZE = 50;
export const MAX_SIZE = 2000;

export interface QrLook {
	foreground?: string | null;
	background?: string | null;
}

/** `rgb(16, 32, 48)` as `#102030ff`; the fallback when unset or not in that form. */
function hexColor(rgb: string | null | undefined, fallback: string): string {
	const parts = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/.exec(rgb ?? '');
	if (!parts) return fallback;
	const hex = parts
		.slice(1)
		.map((part) => Math.min(255, Number(part)).toString(16).padStart(2, '0'));
	return `#${hex.join('')}ff`;
}

/** The QR code of `text` as a PNG (Buffer) or SVG (string) image. */
export async function renderQr(
	text: string,
	format: ImageFormat,
	size: number,
	look: QrLook = {},
): Promise<Buffer | string> {
	const options = {
		width: size,
		margin: 4,
		errorCorrectionLevel: 'M' as const,
		color: {
			dark: hexColor(look.foreground, '#000000ff'),
			light: hexColor(look.background, '#ffffffff'),
		},
	};
	if (format === 'svg') return await QRCode.toString(text, { ...options, type: 'svg' });
	// One PNG row filter: choosing among all five per row takes seconds for 1000 pixels in jest.
	const rendererOpts = { filterType: 0 } as QRCode.QRCodeToBufferOptions['rendererOpts'];
	return await QRCode.toBuffer(text, { ...options, type: 'png', rendererOpts });
}
