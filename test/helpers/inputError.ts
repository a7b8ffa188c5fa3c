import { InputError } from '../../nodes/LinkManagement/shared/validation';

/** Runs a check that must refuse its value, and gives the message of the InputError it throws. */
export function refusal(check: () => unknown): string {
	try {
		check();
	} catch (error) {
		expect(error).toBeInstanceOf(InputError);
		return (error as Error).message;
	}
	throw new Error('expected the value to be refused');
}
