// nock patches Node's http module for the whole worker process: keep each test file's
// interceptors to itself, and let only loopback (the sandbox) through.
import nock from 'nock';

beforeAll(() => {
	if (!nock.isActive()) nock.activate();
	nock.disableNetConnect();
	nock.enableNetConnect(/^(127\.0\.0\.1|localhost)(:\d+)?$/);
});

afterEach(() => {
	nock.cleanAll();
});

afterAll(() => {
	nock.enableNetConnect();
	nock.restore();
});
