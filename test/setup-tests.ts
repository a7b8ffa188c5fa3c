// Runs in every test file, after Jest's globals exist. nock patches Node's http module for the
// whole worker process: keep each test file's interceptors to itself, and let only loopback
// (the sandbox, local servers) through. Every test starts clean: no interceptors, no record of
// unanswered requests, and a node that has forgotten the rate-limit budgets earlier tests taught it.
import nock from 'nock';
import { setSafeRegexEngine } from 'n8n-workflow';

import { forgetBudgets } from '../nodes/LinkManagement/transport/budget';
import { forgetLinkRecords } from '../nodes/LinkManagement/webhookTrigger/linkRecord';
import { forgetUnmatchedRequests, recordUnmatchedRequests } from './helpers/unmatched';

// n8n-workflow runs the regular expressions of parameter checks under a 250-ms wall-clock
// watchdog: on a machine busy with other work a plain check then fails with "Regular expression
// execution timed out". The same expressions, without the watchdog (n8n's own fallback engine),
// so that no test depends on how busy the machine is.
setSafeRegexEngine({
	exec: (pattern, input, flags) => new RegExp(pattern, flags).exec(input),
	test: (pattern, input, flags) => new RegExp(pattern, flags).test(input),
	replace: (pattern, input, flags, replacement) =>
		input.replace(new RegExp(pattern, flags), replacement),
	matchAll: (pattern, input, flags) =>
		Array.from(
			input.matchAll(new RegExp(pattern, flags?.includes('g') ? flags : `${flags ?? ''}g`)),
		),
	split: (pattern, input, flags) => input.split(new RegExp(pattern, flags)),
});

beforeAll(() => {
	if (!nock.isActive()) nock.activate();
	nock.disableNetConnect();
	nock.enableNetConnect(/^(127\.0\.0\.1|localhost)(:\d+)?$/);
	recordUnmatchedRequests();
});

beforeEach(() => {
	forgetUnmatchedRequests();
	forgetBudgets();
	forgetLinkRecords();
});

afterEach(() => {
	nock.cleanAll();
});

afterAll(() => {
	nock.enableNetConnect();
	nock.restore();
});

// nock's interceptor (@mswjs/interceptors) reads every request and answer with two HTTP parsers of
// its own, and frees them without closing them. Node keeps such a parser, and with it the empty
// header list nock gave it, made in this test file's realm: every file's modules (n8n-core, the
// node) stayed in its Jest worker, about 12 MB a file, some 700 MB a worker by the end of a run,
// and a worker that big outlasted Jest's 500 ms to exit on a busy machine ("A worker process has
// failed to exit gracefully"). So, for this file, a parser freed outside Node's own pool (nock's)
// is closed, as Node closes its own when the pool is full.
const { HTTPParser, parsers } = require('_http_common') as {
	HTTPParser: { prototype: { free(): void; close(): void } };
	parsers: { list: unknown[] };
};
const freeParser = HTTPParser.prototype.free;
HTTPParser.prototype.free = function (this: { close(): void }) {
	freeParser.call(this);
	if (!parsers.list.includes(this)) setImmediate(() => this.close());
};
afterAll(() => {
	HTTPParser.prototype.free = freeParser;
});
