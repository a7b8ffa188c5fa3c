import nock from 'nock';
import { jsonOf, runNode, TEST_BASE_URL } from '../../harness';

test('smoke: account get', async () => {
	const scope = nock(TEST_BASE_URL)
		.get('/api/account')
		.reply(200, { error: 0, data: { id: 1, email: 'a@b.c' } }, { 'X-RateLimit-Remaining': '29', 'X-RateLimit-Limit': '30', 'X-RateLimit-Reset': String(Math.floor(Date.now() / 1000) + 60) });
	const result = await runNode({ parameters: { resource: 'account', operation: 'get' } });
	console.log(JSON.stringify(result.items), result.error);
	expect(jsonOf(result)).toEqual([{ id: 1, email: 'a@b.c' }]);
	scope.done();
});
