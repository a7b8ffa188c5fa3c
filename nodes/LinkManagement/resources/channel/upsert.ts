import { matchOn, upsertOperation } from '../../shared/commonOperations';
import { create } from './create';
import { getAll } from './getAll';
import { update } from './update';

export const upsert = upsertOperation('channel', 'name', create.fields, {
	list: getAll,
	create,
	update,
	key: matchOn('name', 'Name'),
	updateBody: (sent) => sent,
});
