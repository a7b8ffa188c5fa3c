import type { IDataObject, IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';

/**
 * Output shaping run after the request path has unwrapped the service's envelope
 * (declared per operation as `routing.output.postReceive`).
 */

/** A campaign always carries `name`: create, update and some list items send it as `domain`. */
export async function campaignName(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return items.map((item) => {
		const { domain, ...rest } = item.json;
		if (rest.name !== undefined || domain === undefined) return item;
		return { ...item, json: { id: rest.id, name: domain, ...rest } };
	});
}

/** One QR code: its details, with its statistics under `statistics`. */
export async function qrCodeWithStatistics(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return items.map((item) => {
		const { details, data, ...rest } = item.json as IDataObject & { details?: IDataObject };
		return { ...item, json: { ...rest, ...(details ?? {}), statistics: data ?? {} } };
	});
}
