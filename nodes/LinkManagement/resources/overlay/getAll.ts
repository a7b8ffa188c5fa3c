import { getManyOperation } from '../../shared/descriptions';

export const getAll = getManyOperation('/overlay', 'CTA overlays');
