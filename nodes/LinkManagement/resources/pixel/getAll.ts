import { getManyOperation } from '../../shared/descriptions';

export const getAll = getManyOperation('/pixels', 'pixels');
