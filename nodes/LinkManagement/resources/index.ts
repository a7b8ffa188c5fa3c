import type { KeyNeeds, OperationFacts } from '../shared/operation';
import { account } from './account';
import { campaign } from './campaign';
import { channel } from './channel';
import { domain } from './domain';
import { link } from './link';
import { overlay } from './overlay';
import { pixel } from './pixel';
import { plan } from './plan';
import { qrCode } from './qrCode';
import { splashPage } from './splashPage';
import { user } from './user';

/** Every resource of the action node. */
export const RESOURCES = [
	account,
	campaign,
	splashPage,
	qrCode,
	channel,
	pixel,
	overlay,
	domain,
	link,
	user,
	plan,
];

const NEEDS = new Map<OperationFacts, KeyNeeds>(
	RESOURCES.flatMap(({ displayName, access, operations }) =>
		operations.map((operation): [OperationFacts, KeyNeeds] => [
			operation,
			{ ...access, resource: displayName },
		]),
	),
);

/**
 * What an operation needs of the API key (a scope, or an administrator's key), as its resource
 * declares it: for the pickers and the trigger, which send the resources' list operations.
 */
export const keyNeedsOf = (operation: OperationFacts): KeyNeeds | undefined => NEEDS.get(operation);
