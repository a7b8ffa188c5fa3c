import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { OperationFacts } from './operation';
import { InputError } from './validation';

/**
 * A read-one answer with statistics (a QR code, a link): the record's details with its
 * statistics under `statistics`. Real installations send the date in `details` under `data`
 * (the reference: `date`), and one sends the ID at the top and no statistics at all.
 */
export function withStatistics(record: IDataObject): IDataObject {
	const { details, data, ...rest } = record as IDataObject & { details?: IDataObject };
	const { data: date, ...shown } = details ?? {};
	const withDate = shown.date === undefined && date !== undefined ? { ...shown, date } : shown;
	return { ...rest, ...withDate, statistics: data ?? {} };
}

/** The statistics' top lists as Get Statistics names them, in the order rows are output. */
const DIMENSIONS = [
	{ value: 'countries', name: 'Countries', list: 'topCountries', dimension: 'country' },
	{ value: 'referrers', name: 'Referrers', list: 'topReferrers', dimension: 'referrer' },
	{ value: 'browsers', name: 'Browsers', list: 'topBrowsers', dimension: 'browser' },
	{ value: 'os', name: 'Operating Systems', list: 'topOs', dimension: 'os' },
	{ value: 'social', name: 'Social Networks', list: 'socialCount', dimension: 'social' },
] as const;

type Dimension = (typeof DIMENSIONS)[number];

const DIMENSIONS_LABEL = "'Dimensions'";

export const dimensionsField: INodeProperties = {
	displayName: 'Dimensions',
	name: 'dimensions',
	type: 'multiOptions',
	options: DIMENSIONS.map(({ name, value, list }) => ({
		name,
		value,
		description: `One row per label of the statistics' ${list}`,
	})).sort((a, b) => a.name.localeCompare(b.name)),
	default: ['countries', 'referrers', 'browsers', 'os', 'social'],
	description: 'Which top lists of the statistics to output, one row per label',
};

/** The chosen dimensions in output order; an expression may give a list or comma-separated text. */
function chosenDimensions(given: unknown): Dimension[] {
	const values = Array.isArray(given)
		? given.map((value) => String(value).trim())
		: String(given ?? '')
				.split(',')
				.map((value) => value.trim())
				.filter((value) => value !== '');
	const unknown = values.filter((value) => !DIMENSIONS.some((known) => known.value === value));
	if (unknown.length > 0) {
		const allowed = DIMENSIONS.map(({ value }) => value).join(', ');
		throw new InputError(
			`${DIMENSIONS_LABEL} can hold ${allowed}, but got '${unknown.join("', '")}'`,
			`Choose the dimensions from the list, or give an expression that returns some of: ${allowed}.`,
		);
	}
	return DIMENSIONS.filter(({ value }) => values.includes(value));
}

/** A count as a number: the service sends the top lists' counts as strings, social counts as numbers. */
function countOf(value: unknown, list: string, label: string): number {
	const count = typeof value === 'number' ? value : Number(String(value ?? '').trim());
	if (typeof value === 'boolean' || !Number.isFinite(count) || String(value).trim() === '') {
		throw new InputError(
			`The service sent a count that is not a number for '${label}' in ${list}: ${JSON.stringify(value)}`,
			"The record's statistics could not be read as counts. Open the record in the service's dashboard to check them, or leave this dimension out of 'Dimensions'.",
		);
	}
	return count;
}

/** The labels and counts of one top list; nothing for an empty list (`{}`, or `[]` as PHP sends it). */
function countsOf(statistics: IDataObject, list: string): Array<[string, number]> {
	const counts = statistics[list];
	if (typeof counts !== 'object' || counts === null) return [];
	return Object.entries(counts).map(([label, value]) => [label, countOf(value, list, label)]);
}

/**
 * Get Statistics: one row per label of each chosen dimension, in the service's order, naming
 * the record by its ID parameter and its public address (`shorturl`, `link`), with the label's
 * count and its share of the dimension's sum. Reads the record as `withStatistics` shapes it: a
 * record without statistics makes no rows.
 */
export function statisticsRows(idParameter: string, address: string): OperationFacts['rows'] {
	return (parameter) => {
		const dimensions = chosenDimensions(parameter('dimensions'));
		return (record, ids) => {
			const statistics = (record.statistics ?? {}) as IDataObject;
			return dimensions.flatMap(({ list, dimension }) => {
				const counts = countsOf(statistics, list);
				const sum = counts.reduce((total, [, count]) => total + count, 0);
				return counts.map(([label, count]) => ({
					[idParameter]: ids[idParameter],
					[address]: record[address] ?? null,
					dimension,
					label,
					count,
					share: sum === 0 ? 0 : count / sum,
				}));
			});
		};
	};
}
