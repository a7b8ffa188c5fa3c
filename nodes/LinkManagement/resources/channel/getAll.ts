import { getManyOperation } from '../../shared/descriptions';

export const getAll = getManyOperation('/channels', 'channels');
