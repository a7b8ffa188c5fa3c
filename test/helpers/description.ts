/**
 * Reading a node type's description in the tests of the triggers' public interface
 * (trigger/description.test.ts, webhookTrigger/description.test.ts).
 */
import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';

/** The top-level parameter `name` of `description` (throws when it has none). */
export const parameterOf =
	(description: INodeTypeDescription) =>
	(name: string): INodeProperties => {
		const found = description.properties.find((candidate) => candidate.name === name);
		if (!found) throw new Error(`no parameter ${name}`);
		return found;
	};

/** The names of the top-level parameters of `description`, in their order. */
export const parameterNames = (description: INodeTypeDescription) =>
	description.properties.map(({ name }) => name);
