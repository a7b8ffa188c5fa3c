/**
 * The behaviour every Delete operation shares (nodes/LinkManagement/shared/descriptions.ts
 * `deleteOperation`): DELETE on the record's path, a success item carrying the ID, and IDs
 * refused before any request.
 */
import { runNode } from '../harness';
import { messageAnswer } from './fixtures';
import {
	expectNoRequestSent,
	itRefusesIdsThatAreNotPositiveWholeNumbers,
	mockEndpoint,
	refusalOf,
	rl,
} from './service';

export interface DeleteOperationSpec {
	resource: string;
	/** The ID parameter, such as campaignId. */
	idParameter: string;
	/** How error messages name it, such as "Campaign ID". */
	idLabel: string;
	/** The path for ID 7, such as /api/campaign/7/delete. */
	pathFor: (id: number) => string;
	/** The service's success message. */
	message: string;
}

export function describeDeleteOperation(spec: DeleteOperationSpec): void {
	const parameters = (id: string, mode: 'id' | 'list' = 'id') => ({
		resource: spec.resource,
		operation: 'delete',
		[spec.idParameter]: rl(id, mode),
	});

	test(`sends DELETE ${spec.pathFor(7)} and outputs success with the ${spec.idParameter}`, async () => {
		const endpoint = mockEndpoint('DELETE', spec.pathFor(7), messageAnswer(spec.message));

		const result = await runNode({ parameters: parameters('7') });

		expect(result.error).toBeUndefined();
		expect(endpoint.requests).toEqual([
			{ method: 'DELETE', path: spec.pathFor(7), query: {}, body: undefined },
		]);
		expect(result.items).toEqual([
			{
				json: { success: true, message: spec.message, [spec.idParameter]: 7 },
				pairedItem: { item: 0 },
			},
		]);
	});

	test('takes the ID of a record picked from the list, trimmed', async () => {
		const endpoint = mockEndpoint('DELETE', spec.pathFor(12), messageAnswer(spec.message));

		const result = await runNode({ parameters: parameters(' 12 ', 'list') });

		expect(endpoint.requests).toHaveLength(1);
		expect(result.items[0].json).toEqual({
			success: true,
			message: spec.message,
			[spec.idParameter]: 12,
		});
	});

	itRefusesIdsThatAreNotPositiveWholeNumbers(spec.idLabel, (id) => parameters(id));

	test('refuses an ID typed by hand that is not a positive whole number before running', async () => {
		const { message } = await refusalOf({ parameters: parameters('1.5') });
		expect(message).toMatch(new RegExp(spec.idLabel, 'i'));
		expect(message).toMatch(/positive whole number/);
		expectNoRequestSent();
	});
}
