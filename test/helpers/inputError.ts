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
