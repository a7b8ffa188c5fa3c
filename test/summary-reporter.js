// Prints one plain closing line after Jest's own summary, e.g. "jest: 703 passed, 0 failed",
// which CI reads as the run's result.
class SummaryReporter {
	onRunComplete(_contexts, results) {
		const skipped = results.numPendingTests + results.numTodoTests;
		const line = `jest: ${results.numPassedTests} passed, ${results.numFailedTests} failed`;
		process.stdout.write(`${line}${skipped ? `, ${skipped} skipped` : ''}\n`);
	}
}

module.exports = SummaryReporter;
