import { resourceOperations } from '../../shared/descriptions';
import { assignItem } from './assignItem';
import { create } from './create';
import { deleteChannel } from './delete';
import { getAll } from './getAll';
import { getItems } from './getItems';
import { update } from './update';

export const channelDescription = resourceOperations(
	'channel',
	[getAll, getItems, create, assignItem, update, deleteChannel],
	'getAll',
);
