import { resourceOperations } from '../../shared/descriptions';
import { getAll } from './getAll';

export const splashPageDescription = resourceOperations('splashPage', [getAll], 'getAll');
