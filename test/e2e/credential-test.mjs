// The credential test in a running n8n (both majors), as the editor's "Test" / "Retry" sends it:
// the saved credential, a key typed in with a base URL ending in /api/, a valid key without the
// `account` scope, a wrong key, and an unreachable address; n8n's answers and what reached the
// sandbox are checked.
import assert from 'node:assert/strict';

import { CREDENTIAL_TYPE } from './lib/workflows.mjs';
import { CREDENTIAL } from './settings.mjs';

/**
 * POST /rest/credentials/test, as the editor's "Test" / "Retry" does: the saved credential's id, the
 * form's data, secrets left as n8n's blanking value unless the user typed a new one (n8n fills those
 * in from the stored credential).
 */
export async function credentialTest(n8n, sandbox, apiKey) {
	const BLANK = '__n8n_BLANK_VALUE_e5362baf-c777-4d57-a609-6eaf1f9e87f6';
	const testWith = async (data) => {
		const res = await n8n.rest('POST', '/rest/credentials/test', {
			credentials: { id: CREDENTIAL.id, name: CREDENTIAL.name, type: CREDENTIAL_TYPE, data },
		});
		assert.equal(
			res.status,
			200,
			`credentials/test answered ${res.status}: ${JSON.stringify(res.body).slice(0, 400)}`,
		);
		return res.body.data ?? res.body;
	};
	sandbox.reset();
	const saved = await testWith({ baseUrl: sandbox.url, apiKey: BLANK });
	assert.equal(saved.status, 'OK', `saved credential (good key): ${JSON.stringify(saved)}`);
	const typed = await testWith({ baseUrl: `${sandbox.url}/api/`, apiKey });
	assert.equal(
		typed.status,
		'OK',
		`good key typed in, base URL ending in /api/: ${JSON.stringify(typed)}`,
	);
	// A valid key with the "links" scope only: the service refuses it the account route (HTTP 200,
	// `error` true), which is no reason to call the key wrong.
	const linksOnly = 'e2e-links-only-key';
	sandbox.store.installation.scopedKeys.set(linksOnly, ['links']);
	const scoped = await testWith({ baseUrl: sandbox.url, apiKey: linksOnly });
	assert.equal(scoped.status, 'OK', `a key without the account scope: ${JSON.stringify(scoped)}`);
	const badKey = 'wrong-key-0123456789';
	const bad = await testWith({ baseUrl: sandbox.url, apiKey: badKey });
	assert.equal(bad.status, 'Error', `bad key: ${JSON.stringify(bad)}`);
	assert.ok(!JSON.stringify(bad).includes(badKey), 'the bad key is not echoed');
	assert.ok(!JSON.stringify([saved, typed, bad]).includes(apiKey), 'the good key is not echoed');
	const unreachable = await testWith({ baseUrl: 'http://127.0.0.1:9', apiKey: BLANK });
	assert.equal(unreachable.status, 'Error', `unreachable service: ${JSON.stringify(unreachable)}`);
	// n8n's credential tester sends a request that got 401 once more on its own: 1 or 2 refusals
	const statuses = sandbox.stats.log.map((entry) => `${entry.method} ${entry.url} ${entry.status}`);
	assert.deepEqual(
		statuses.filter((line) => !line.endsWith(' 401')),
		['GET /api/account 200', 'GET /api/account 200', 'GET /api/account 200'],
		`the good tests sent GET /api/account: ${statuses.join(', ')}`,
	);
	assert.ok(
		[1, 2].includes(sandbox.stats.unauthorized),
		`the bad key was refused: ${statuses.join(', ')}`,
	);
	return {
		note: `good key: ${saved.status}; key without the account scope: ${scoped.status}; bad key: ${bad.status} "${bad.message}"`,
	};
}
