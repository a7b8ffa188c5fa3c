import type { ResourceDefinition } from '../../shared/operation';
import { create } from './create';
import { deletePixel } from './delete';
import { getAll } from './getAll';
import { update } from './update';
import { upsert } from './upsert';

export const pixel: ResourceDefinition = {
	resource: 'pixel',
	displayName: 'Pixel',
	defaultOperation: 'getAll',
	access: { scope: 'pixels' },
	operations: [getAll, create, update, deletePixel, upsert],
};
