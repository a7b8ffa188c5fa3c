import type { OperationDefinition } from '../../shared/operation';
import { linkIdLocator } from '../../shared/recordPickers';
import { withStatistics } from '../../shared/statistics';
import { linkIdParameter } from './shortUrl';

export const get: OperationDefinition = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get link',
		description:
			'Retrieve a link with its destination, targeting, expiry and click statistics (under statistics)',
	},
	request: { method: 'GET', path: '/url/:linkId' },
	fields: [linkIdLocator],
	pathParameters: { linkId: linkIdParameter },
	output: withStatistics,
};
