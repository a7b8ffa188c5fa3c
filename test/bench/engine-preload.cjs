// Preloaded after ts-node by parts/many-jobs.mjs, to run test/harness.ts (n8n's engine) outside
// Jest. Node tries `.json` before `.ts`, so `nodes/LinkManagement/LinkManagement.node` would load
// the node's codex file instead of its source: registered again, `.json` comes after `.ts`. The
// harness's teardown hooks are Jest's; here the process ends itself.
const json = require.extensions['.json'];
delete require.extensions['.json'];
require.extensions['.json'] = json;
globalThis.afterAll ??= () => {};
