import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { getAll as campaigns } from '../resources/campaign/getAll';
import { getAll as channels } from '../resources/channel/getAll';
import { getAll as domains } from '../resources/domain/getAll';
import { getAll as overlays } from '../resources/overlay/getAll';
import { getAll as pixels } from '../resources/pixel/getAll';
import { getAll as plans } from '../resources/plan/getAll';
import {
	campaignLabel,
	channelLabel,
	domainLabel,
	hasId,
	overlayLabel,
	pixelLabel,
	planLabel,
} from '../listSearch/labels';
import { keyNeedsOf } from '../resources';
import { readListRecords } from '../runner/listRecords';
import type { OperationDefinition } from '../shared/operation';
import { requestContextOf } from '../transport/context';
import { withoutSecrets } from '../transport/redact';

/**
 * The choices of a link's Branded Domain, Campaign, Channel, CTA Overlay and Pixels fields, and
 * of a new user's Plan: every record of the account's list (read through the transport, pages of 1,000), by name.
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

export const getDomains = choicesOf(domains, domainLabel);
export const getCampaigns = choicesOf(campaigns, campaignLabel);
export const getChannels = choicesOf(channels, channelLabel);
export const getOverlays = choicesOf(overlays, overlayLabel);
export const getPixels = choicesOf(pixels, pixelLabel);
export const getPlans = choicesOf(plans, planLabel);
