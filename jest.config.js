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
	reporters: ['default', '<rootDir>/test/summary-reporter.js'],
};
