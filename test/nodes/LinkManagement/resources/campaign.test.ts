import { expr, itBehavesLike, operation, parametersOf, rl } from '../../../helpers';
import { campaignRecords, listAnswer, messageAnswer } from '../../../helpers/fixtures';

// One describe per operation of resources/campaign/ in the node. The service sends a
// campaign's name under `domain`; the node outputs it as `name`.

const campaign = parametersOf('campaign');
const ASSIGNED = 'Link successfully added to the campaign.';

/** A campaign as the service answers it (name under `domain`) and as the node outputs it. */
const summerSale = {
	id: 15,
	public: true,
	rotator: 'https://links.example.test/r/summer-sale',
	list: 'https://links.example.test/u/owner/summer-sale',
};
const created = { error: 0, ...summerSale, domain: 'Summer Sale' };
const createdCampaign = { ...summerSale, name: 'Summer Sale' };
const renamed = {
	public: false,
	rotator: 'https://links.example.test/r/summer-2',
	list: 'https://links.example.test/u/owner/summer-2',
};
const updated = (id: number) => ({ error: 0, id, domain: 'Summer Sale 2', ...renamed });
const updatedCampaign = (id: number) => ({ id, name: 'Summer Sale 2', ...renamed });

describe('campaign: getAll', () => {
	const getAll = operation('GET /api/campaigns', campaign('getAll'));
	const firstPage = { query: { page: '1', limit: '50' } };

	itBehavesLike.aListOperation(getAll, { campaigns: campaignRecords });

	test('a list item with the campaign name under `domain` comes out with `name`', async () => {
		const fromService = {
			id: 13,
			domain: 'Black Friday',
			public: true,
			rotator: false,
			list: 'https://links.example.test/u/owner/black-friday',
		};
		const answer = listAnswer('campaigns', [campaignRecords[0], fromService]);

		const { output } = await getAll.send({}, { ...firstPage, answer });

		expect(output).toEqual([
			campaignRecords[0],
			{
				id: 13,
				name: 'Black Friday',
				public: true,
				rotator: false,
				list: 'https://links.example.test/u/owner/black-friday',
			},
		]);
	});

	test('a list item with both `name` and `domain` keeps the name it has', async () => {
		const answer = listAnswer('campaigns', [{ ...campaignRecords[1], domain: 'Other text' }]);

		const { output } = await getAll.send({}, { ...firstPage, answer });

		expect(output.map((json) => json.name)).toEqual(['Newsletter']);
	});
});

describe('campaign: create', () => {
	const create = operation('POST /api/campaign/add', campaign('create'), created);

	test('sends POST /api/campaign/add with name, slug and public; outputs `name`', async () => {
		const fields = { name: 'Summer Sale', slug: 'summer-sale', public: true };

		const { body, output } = await create.send({ additionalFields: fields });

		expect(body).toEqual(fields);
		expect(output).toEqual([createdCampaign]);
	});

	test.each([
		['"true"', true, expr('true')],
		['"false"', false, expr('false')],
		['an expression giving false', false, '={{ 1 > 2 }}'],
		['false', false, false],
	])('sends public given as %s as the JSON boolean %s', async (_label, sent, value) => {
		const answer = { ...created, public: sent };

		const { body } = await create.send(
			{ additionalFields: { name: 'Summer Sale', public: value } },
			{ answer },
		);

		expect(body).toEqual({ name: 'Summer Sale', public: sent });
	});

	test('leaves out collection fields that are empty', async () => {
		const empty = { additionalFields: { name: '', slug: '  ', public: false } };

		const { body } = await create.send(empty, { answer: { ...created, domain: '' } });

		expect(body).toEqual({ public: false });
	});

	test('with no additional fields sends no fields at all', async () => {
		const { body, output } = await create.send({}, { answer: { ...created, domain: 'Untitled' } });

		expect(body ?? {}).toEqual({});
		expect(output).toEqual([{ ...createdCampaign, name: 'Untitled' }]);
	});
});

describe('campaign: assignLink', () => {
	const parameters = campaign('assignLink', { campaignId: rl('5'), linkId: rl('77') });
	const request = 'POST /api/campaign/:campaignId/assign/:linkId';
	const assignLink = operation(request, parameters, messageAnswer(ASSIGNED));

	test('sends POST /api/campaign/:campaignId/assign/:linkId; outputs both IDs', async () => {
		const { body, output } = await assignLink.send();

		expect(body).toBeUndefined();
		expect(output).toEqual([{ success: true, message: ASSIGNED, campaignId: 5, linkId: 77 }]);
	});

	test('trims the IDs and accepts a campaign picked from the list', async () => {
		const picked = { campaignId: rl(' 12 ', 'list'), linkId: rl(' 34 ') };

		const { output } = await assignLink.send(picked);

		expect(output).toEqual([{ success: true, message: ASSIGNED, campaignId: 12, linkId: 34 }]);
	});

	itBehavesLike.anOperationOnOneRecord(assignLink, {
		label: 'Campaign ID',
		output: (campaignId) => ({ success: true, message: ASSIGNED, campaignId, linkId: 77 }),
	});
	itBehavesLike.anOperationOnOneRecord(assignLink, {
		label: 'Link ID',
		parameter: 'linkId',
		output: (linkId) => ({ success: true, message: ASSIGNED, campaignId: 5, linkId }),
	});
});

describe('campaign: update', () => {
	const parameters = campaign('update', { campaignId: rl('5'), name: 'Summer Sale 2' });
	const update = operation('PUT /api/campaign/:campaignId/update', parameters, updated(5));

	test('sends PUT /api/campaign/:campaignId/update with its fields; outputs `name`', async () => {
		const { body, output } = await update.send({
			updateFields: { slug: 'summer-2', public: false },
		});

		expect(body).toEqual({ name: 'Summer Sale 2', slug: 'summer-2', public: false });
		expect(output).toEqual([updatedCampaign(5)]);
	});

	test('sends only the name when no update field is given', async () => {
		const { body } = await update.send({ updateFields: { slug: '' } });

		expect(body).toEqual({ name: 'Summer Sale 2' });
	});

	test('sends public "true" from an expression as a boolean', async () => {
		const withPublic = { updateFields: { public: expr('true') } };

		const { body } = await update.send(withPublic, { answer: { ...updated(5), public: true } });

		expect(body).toEqual({ name: 'Summer Sale 2', public: true });
	});

	test.each(['', '   '])('refuses an empty name (%j) before sending a request', async (name) => {
		await update.expectRefused({ name }, /Name/, /required|must not be empty/);
	});

	itBehavesLike.anOperationOnOneRecord(update, {
		label: 'Campaign ID',
		answer: updated,
		output: updatedCampaign,
	});
});

describe('campaign: delete', () => {
	const request = 'DELETE /api/campaign/:campaignId/delete';
	itBehavesLike.aDeleteOperation('campaign', request, 'Campaign ID');
});
