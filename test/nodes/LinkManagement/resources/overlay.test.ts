import { ctaRecords } from '../../../helpers/fixtures';
import { describeListOperation } from '../../../helpers/getMany';
import { useServiceMocks } from '../../../helpers/service';

// resources/overlay/ has one operation.
useServiceMocks();

describe('overlay: getAll', () => {
	describeListOperation({
		parameters: { resource: 'overlay', operation: 'getAll' },
		path: '/api/overlay',
		collectionKey: 'cta',
		records: ctaRecords,
	});
});
