import { splashRecords } from '../../../helpers/fixtures';
import { describeListOperation } from '../../../helpers/getMany';
import { useServiceMocks } from '../../../helpers/service';

// resources/splashPage/ has one operation.
useServiceMocks();

describe('splashPage: getAll', () => {
	describeListOperation({
		parameters: { resource: 'splashPage', operation: 'getAll' },
		path: '/api/splash',
		collectionKey: 'splash',
		records: splashRecords,
	});
});
