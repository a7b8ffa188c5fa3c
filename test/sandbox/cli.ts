// Starts the sandbox from the command line:
//   npx ts-node --transpile-only test/sandbox/cli.ts [flags]   (see --help)

import { parseSandboxArgs, startSandbox, USAGE } from './server';

async function main(): Promise<void> {
	const argv = process.argv.slice(2);
	if (argv.includes('--help') || argv.includes('-h')) {
		console.log(USAGE);
		return;
	}
	let options;
	try {
		options = parseSandboxArgs(argv, process.env);
	} catch (error) {
		console.error(error instanceof Error ? error.message : String(error));
		process.exit(2);
	}
	const sandbox = await startSandbox(options);
	console.log(`Sandbox listening at ${sandbox.url}  API key: ${sandbox.apiKey}`);
	// A line of its own that a parent process can JSON.parse.
	console.log(JSON.stringify({ url: sandbox.url, apiKey: sandbox.apiKey, port: sandbox.port }));

	const shutdown = (signal: string): void => {
		console.log(`Received ${signal}, stopping the sandbox.`);
		sandbox.stop().then(
			() => process.exit(0),
			(error: unknown) => {
				console.error(`Error while stopping: ${String(error)}`);
				process.exit(1);
			},
		);
	};
	process.once('SIGINT', () => shutdown('SIGINT'));
	process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
	console.error(
		`Could not start the sandbox: ${error instanceof Error ? error.message : String(error)}`,
	);
	process.exit(1);
});
