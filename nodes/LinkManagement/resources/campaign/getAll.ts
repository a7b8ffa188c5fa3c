import { getManyOperation } from '../../shared/descriptions';
import { campaignName } from '../../shared/output';

export const getAll = getManyOperation('/campaigns', 'campaigns', [], [campaignName]);
