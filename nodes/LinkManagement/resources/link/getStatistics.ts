import type { OperationDefinition } from '../../shared/operation';
import { dimensionsField, statisticsRows, withStatistics } from '../../shared/statistics';
import { linkIdLocator, linkIdParameter } from './locator';

export const getStatistics: OperationDefinition = {
	option: {
		name: 'Get Statistics',
		value: 'getStatistics',
		action: 'Get link statistics',
		description:
			"Retrieve a link's all-time clicks by country, referrer, browser, OS and social network as rows, one per label, with count and share",
	},
	request: { method: 'GET', path: '/url/:linkId' },
	fields: [linkIdLocator, dimensionsField],
	pathParameters: { linkId: linkIdParameter },
	output: withStatistics,
	rows: statisticsRows('linkId', 'shorturl'),
};
