import type { ResourceDefinition } from '../../shared/operation';
import { getAll } from './getAll';

export const overlay: ResourceDefinition = {
	resource: 'overlay',
	displayName: 'CTA Overlay',
	defaultOperation: 'getAll',
	access: { scope: 'cta' },
	operations: [getAll],
};
