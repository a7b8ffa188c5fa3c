import type { OperationDefinition } from '../../shared/operation';
import { linkIdLocator } from '../../shared/recordPickers';
import { dimensionsField, statisticsRows, withStatistics } from '../../shared/statistics';
import { linkIdParameter } from './shortUrl';

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
