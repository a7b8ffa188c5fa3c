import { ctaRecords, describeListOperation, operation } from '../../../helpers';

// resources/overlay/ has one operation; the service lists CTA overlays under `cta`.

describe('overlay: getAll', () => {
	const getAll = operation('GET /api/overlay', { resource: 'overlay', operation: 'getAll' });
	describeListOperation(getAll, { cta: ctaRecords });
});
