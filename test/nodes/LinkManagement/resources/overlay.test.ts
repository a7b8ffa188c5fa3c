import { itBehavesLike, operation } from '../../../helpers';
import { ctaRecords } from '../../../helpers/fixtures';

// resources/overlay/ has one operation; the service lists CTA overlays under `cta`.

describe('overlay: getAll', () => {
	const getAll = operation('GET /api/overlay', { resource: 'overlay', operation: 'getAll' });
	itBehavesLike.aListOperation(getAll, { cta: ctaRecords });
});
