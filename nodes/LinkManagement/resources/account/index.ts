import { resourceOperations } from '../../shared/descriptions';
import { get } from './get';
import { update } from './update';

export const accountDescription = resourceOperations('account', [get, update], 'get');
