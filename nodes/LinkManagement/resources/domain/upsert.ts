import { upsertOperation, without } from '../../shared/commonOperations';
import { create } from './create';
import { getAll } from './getAll';
import { update } from './update';

export const upsert = upsertOperation('branded domain', 'address', create.fields, {
	list: getAll,
	create,
	update,
	// The same domain whatever its case or a trailing slash.
	key: () => ({
		field: 'domain',
		shownAs: 'domain',
		label: 'Domain',
		normalize: (address) => address.toLowerCase().replace(/\/+$/, ''),
	}),
	// A domain's address cannot change: only where its visits go is sent.
	updateBody: (sent) => without(sent, 'domain'),
});
