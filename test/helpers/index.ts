/**
 * What the action node's tests import from one place: the harness that runs the node on n8n's
 * engine, the nock stand-in for the service, the operation helpers and shared examples. The
 * service's answers and records are in ./fixtures; the trigger, sandbox, image, picker,
 * credential-test and local-server helpers are imported from their own files by the few tests
 * that use them.
 */
export type { RunOptions, RunResult } from '../harness';
export { jsonOf, nodeType, runNode, TEST_API_KEY, TEST_BASE_URL } from '../harness';
export * from './createOrUpdate';
export * from './describeOperations';
export * from './operation';
export * from './service';
