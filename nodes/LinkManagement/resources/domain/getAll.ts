import { getManyOperation } from '../../shared/descriptions';

export const getAll = getManyOperation('/domains', 'branded domains');
