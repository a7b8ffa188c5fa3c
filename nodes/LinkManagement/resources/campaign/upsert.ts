import { sentInBody } from '../../shared/bodyFields';
import { additionalFields } from '../../shared/collections';
import { matchOn, upsertOperation } from '../../shared/commonOperations';
import { create } from './create';
import { campaignNameField, publicField, slugField, slugOfRotator } from './fields';
import { getAll } from './getAll';
import { update } from './update';

export const upsert = upsertOperation(
	'campaign',
	'name',
	[sentInBody(campaignNameField(true)), additionalFields([publicField, slugField])],
	{
		list: getAll,
		create,
		update,
		key: matchOn('name', 'Name'),
		updateBody: (sent) => sent,
		shownWithin: slugOfRotator,
	},
);
