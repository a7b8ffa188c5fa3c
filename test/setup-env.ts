// Runs before each test file: n8n-core reads its user folder at load time, so give it a
// throw-away one instead of ~/.n8n.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'n8n-link-management-test-'));
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
// n8n logs every failed node; the tests assert on the errors themselves.
process.env.N8N_LOG_LEVEL ??= 'silent';
