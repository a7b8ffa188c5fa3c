/** @type {import('jest').Config} */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	setupFiles: ['<rootDir>/test/setup-env.ts'],
	setupFilesAfterEnv: ['<rootDir>/test/setup-tests.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', { diagnostics: false }] },
	testTimeout: 30000,
	// One worker per core (Jest's default leaves one core to its main process, which only waits):
	// many files wait on child processes and sockets, so two workers on two cores overlap them.
	maxWorkers: '100%',
	// A worker must exit within 500 ms of the run's end, or Jest kills it and prints "A worker
	// process has failed to exit gracefully". No handle was left open (a worker exits 1 ms after
	// Jest asks it to), but a process takes as long to end as the system needs to take back its
	// memory: each test file loads n8n-core and the node afresh and V8 collects them lazily, so
	// workers ended a full run at some 500 MB of heap (950 MB resident), and a plain Node process
	// of that size took 0.7-3 s to end at a load of 9-12. A worker past this heap after a file is
	// replaced by a fresh one (Jest's idle memory limit), so none ends the run that big.
	workerIdleMemoryLimit: '256MB',
	reporters: ['default', '<rootDir>/test/summary-reporter.js'],
};
