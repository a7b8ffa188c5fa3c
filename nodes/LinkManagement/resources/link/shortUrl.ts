import { lastPathSegment, parseHttpUrl } from '../../shared/addresses';
import type { PathParameter, UrlLookup } from '../../shared/operation';
import { InputError, positiveWholeNumber, quoted, text } from '../../shared/validation';
import { getAll } from './getAll';

/**
 * A link given by its short URL as it is pasted (`https://go.example/summer`), the Link picker's
 * "By URL" mode (shared/recordPickers.ts): the node looks it up by its alias.
 */

/** The alias of a short URL: the last part of its path. */
export function aliasOfShortUrl(value: unknown, label: string): string {
	const url = parseHttpUrl(text(value));
	const alias = url && lastPathSegment(url);
	if (!alias) {
		throw new InputError(
			`${quoted(label)} must be a short URL such as https://go.example/summer-sale, but got "${text(value)}"`,
			'Paste the whole short URL, with http:// or https:// and the alias after the last /, or pick the link From list or give its ID.',
		);
	}
	return alias;
}

export const linkByShortUrl: UrlLookup = {
	lookup: {
		list: getAll,
		noun: 'link',
		key: { label: 'alias', of: (record) => record.alias },
		filter: 'short',
	},
	keyFromUrl: aliasOfShortUrl,
};

export const linkIdParameter: PathParameter = {
	label: 'Link ID',
	convert: positiveWholeNumber,
	fromUrl: linkByShortUrl,
};
