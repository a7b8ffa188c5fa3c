import { describeListOperation, operation, splashRecords } from '../../../helpers';

// resources/splashPage/ has one operation.

describe('splashPage: getAll', () => {
	const getAll = operation('GET /api/splash', { resource: 'splashPage', operation: 'getAll' });
	describeListOperation(getAll, { splash: splashRecords });
});
