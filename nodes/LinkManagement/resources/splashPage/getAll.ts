import { getManyOperation } from '../../shared/descriptions';

export const getAll = getManyOperation('/splash', 'splash pages');
