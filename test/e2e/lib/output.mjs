// Reading n8n's run data: a node's output items in one execution, and executions in the order
// they ran. Shared by the workflow cases (`n8n execute`), the template cases (run from their
// trigger) and the server cases that read executions of published workflows.

/**
 * The output items of the nodes in one execution's run data (`runData`: node name → its tasks):
 * `out(node)` their json, `binaries(node)` their binary fields as n8n keeps them (fileName,
 * mimeType, fileSize …), `errors(node)` the json of the items it sent to its error output (On
 * Error: *Continue (using error output)*), `itemPairing(node)` the input item each came from, and
 * `ranNodes`. A node that did not run, failed, or ran more than once throws.
 */
export function outputOf(runData = {}) {
	const taskOf = (node) => {
		const tasks = runData[node];
		if (!tasks?.length)
			throw new Error(`node "${node}" did not run (ran: ${Object.keys(runData).join(', ')})`);
		if (tasks.length !== 1) throw new Error(`node "${node}" ran ${tasks.length} times`);
		return tasks[0];
	};
	const items = (node, output = 0) => {
		const task = taskOf(node);
		if (task.error) throw new Error(`node "${node}" failed: ${task.error.message}`);
		return task.data?.main?.[output] ?? [];
	};
	return {
		out: (node) => items(node).map((item) => item.json),
		binaries: (node) => items(node).map((item) => item.binary),
		errors: (node) => items(node, 1).map((item) => item.json),
		itemPairing: (node) =>
			(taskOf(node).data?.main?.[0] ?? []).map((item) => item.pairedItem?.item),
		ranNodes: Object.keys(runData),
	};
}

/** `executions` ({ id, … }) in the order n8n started them: by their numeric ID. */
export const inOrder = (executions) =>
	executions.slice().sort((a, b) => Number(a.id) - Number(b.id));
