import { itBehavesLike, operation } from '../../../helpers';
import { splashRecords } from '../../../helpers/fixtures';

// resources/splashPage/ has one operation.

describe('splashPage: getAll', () => {
	const getAll = operation('GET /api/splash', { resource: 'splashPage', operation: 'getAll' });
	itBehavesLike.aListOperation(getAll, { splash: splashRecords });
});
