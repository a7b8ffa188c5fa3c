import { resourceOperations } from '../../shared/descriptions';
import { getAll } from './getAll';

export const overlayDescription = resourceOperations('overlay', [getAll], 'getAll');
