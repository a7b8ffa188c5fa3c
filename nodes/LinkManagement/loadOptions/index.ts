import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { getAll as pixels } from '../resources/pixel/getAll';
import { hasId, pixelLabel } from '../listSearch/labels';
import { keyNeedsOf } from '../resources';
import { readListRecords } from '../records/listRecords';
import type { OperationDefinition } from '../shared/operation';
import { requestContextOf } from '../transport/context';
import { withoutSecrets } from '../transport/errors';

/**
 * The choices of a link's Pixels field (several pixels, which a resource locator cannot pick):
 * every record of the account's list (read through the transport, pages of 1,000), by name. The
 * fields that pick one record are resource locators (listSearch/).
 */
function choicesOf(list: OperationDefinition, label: (record: IDataObject) => string) {
	return async function loadChoices(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const context = await requestContextOf(this, {
			needs: keyNeedsOf(list),
			secretFields: list.secretFields,
		});
		return await withoutSecrets(context.secrets, context.node, async () => {
			const choices: INodePropertyOptions[] = [];
			await readListRecords(context, list, async (records) => {
				for (const record of records.filter(hasId)) {
					choices.push({
						name: `${label(record)} (ID ${String(record.id)})`,
						value: Number(record.id),
					});
				}
			});
			return choices.sort((a, b) => a.name.localeCompare(b.name));
		});
	};
}

export const getPixels = choicesOf(pixels, pixelLabel);
