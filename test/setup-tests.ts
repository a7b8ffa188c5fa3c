// Runs in every test file, after Jest's globals exist. nock patches Node's http module for the
// whole worker process: keep each test file's interceptors to itself, and let only loopback
// (the sandbox, local servers) through. Every test starts clean: no interceptors, no record of
// unanswered requests, and a node that has forgotten the rate-limit budgets earlier tests taught it.
import nock from 'nock';

import { forgetBudgets } from '../nodes/LinkManagement/transport/budget';
import { forgetLinkRecords } from '../nodes/LinkManagement/webhookTrigger/linkRecord';
import { forgetUnmatchedRequests, recordUnmatchedRequests } from './helpers/unmatched';

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
