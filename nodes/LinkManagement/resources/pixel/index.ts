import { resourceOperations } from '../../shared/descriptions';
import { create } from './create';
import { deletePixel } from './delete';
import { getAll } from './getAll';
import { update } from './update';

export const pixelDescription = resourceOperations(
	'pixel',
	[getAll, create, update, deletePixel],
	'getAll',
);
