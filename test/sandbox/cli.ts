// Starts the sandbox from the command line:
//   npx ts-node --transpile-only test/sandbox/cli.ts [flags]   (see --help)

import { stopWithParent } from './lifetime';
import { parseSandboxArgs, type Sandbox, startSandbox, USAGE } from './server';

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
	// Ctrl-C, SIGTERM or SIGHUP (to this process or to `npm run sandbox`), or the parent going away:
	// watched before the ready line, which is when a parent may stop npm (and before starting, in
	// case the parent is gone already).
	let sandbox: Sandbox | undefined;
	let stopping = false;
	stopWithParent((reason) => {
		if (stopping) return;
		stopping = true;
		console.log(
			`${reason === 'parent gone' ? 'The parent process is gone' : `Received ${reason}`}, stopping the sandbox.`,
		);
		if (!sandbox) process.exit(0); // not listening yet: nothing to close
		// A client holding a request open must not keep the process alive.
		setTimeout(() => process.exit(0), 5000).unref();
		sandbox.stop().then(
			() => process.exit(0),
			(error: unknown) => {
				console.error(`Error while stopping: ${String(error)}`);
				process.exit(1);
			},
		);
	});
	sandbox = await startSandbox(options);
	console.log(`Sandbox listening at ${sandbox.url}  API key: ${sandbox.apiKey}`);
	// A line of its own that a parent process can JSON.parse.
	console.log(JSON.stringify({ url: sandbox.url, apiKey: sandbox.apiKey, port: sandbox.port }));
}

main().catch((error: unknown) => {
	console.error(
		`Could not start the sandbox: ${error instanceof Error ? error.message : String(error)}`,
	);
	process.exit(1);
});
