import type { ResourceDefinition } from '../../shared/operation';
import { assignItem } from './assignItem';
import { create } from './create';
import { deleteChannel } from './delete';
import { getAll } from './getAll';
import { getItems } from './getItems';
import { update } from './update';
import { upsert } from './upsert';

export const channel: ResourceDefinition = {
	resource: 'channel',
	displayName: 'Channel',
	defaultOperation: 'getAll',
	access: { scope: 'channels' },
	operations: [getAll, getItems, create, assignItem, update, deleteChannel, upsert],
};
