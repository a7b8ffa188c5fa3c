import { InputError } from '../../nodes/LinkManagement/shared/validation';

/** Runs a check that must refuse its value, and gives the InputError it throws. */
export function refusalError(check: () => unknown): InputError {
	try {
		check();
	} catch (error) {
		expect(error).toBeInstanceOf(InputError);
		return error as InputError;
	}
	throw new Error('expected the value to be refused');
}

/** Runs a check that must refuse its value, and gives the message of the InputError it throws. */
export const refusal = (check: () => unknown): string => refusalError(check).message;

/** `check` refuses `value` with an InputError naming `label` and matching every pattern. */
export function expectRefused(
	check: (value: unknown, label: string) => unknown,
	value: unknown,
	label: string,
	...patterns: Array<string | RegExp>
): void {
	const message = refusal(() => check(value, label));
	expect(message).toContain(label);
	for (const pattern of patterns) expect(message).toMatch(pattern);
}
