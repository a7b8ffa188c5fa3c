import type { ResourceDefinition } from '../../shared/operation';
import { create } from './create';
import { deleteLink } from './delete';
import { downloadImage } from './downloadImage';
import { get } from './get';
import { getAll } from './getAll';
import { getStatistics } from './getStatistics';
import { update } from './update';
import { upsert } from './upsert';

export const link: ResourceDefinition = {
	resource: 'link',
	displayName: 'Link',
	defaultOperation: 'create',
	access: { scope: 'links' },
	operations: [getAll, get, getStatistics, create, update, deleteLink, downloadImage, upsert],
};
