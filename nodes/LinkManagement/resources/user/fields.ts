import type { Converter } from '../../shared/validation';
import { InputError, isEmailAddress, nonEmptySecret, quoted, text } from '../../shared/validation';

/**
 * What a user record holds that is someone else's secret: the user's own API key. It is left out
 * of every output unless the Options' Include API Keys is on.
 */
export const USER_SECRETS = ['apikey'];

/**
 * The service's checks of a new user, made before the request with the service's own words
 * first (the fields are checked in the service's order: username, email, password, plan).
 */

const USERNAME = /^[A-Za-z0-9_]{4,20}$/;

export const newUsername: Converter = (value, label) => {
	const candidate = text(value);
	if (!USERNAME.test(candidate)) {
		throw new InputError(
			`Please enter a valid username. ${quoted(label)} must be 4 to 20 letters, digits or underscores (_), but got "${candidate}"`,
			'Give a username of 4 to 20 characters, each a letter, a digit or _, such as jane_doe.',
		);
	}
	return candidate;
};

export const newEmail: Converter = (value, label) => {
	const candidate = text(value);
	if (!isEmailAddress(candidate)) {
		throw new InputError(
			`Please enter a valid email. ${quoted(label)} must be an email address (such as name@example.com), but got "${candidate}"`,
			'Give one address such as name@example.com, without spaces.',
		);
	}
	return candidate;
};

const MIN_PASSWORD_LENGTH = 5;

/** Sent exactly as typed; never quoted in a message. */
export const newPassword: Converter = (value, label) => {
	const password = nonEmptySecret(value, label) as string;
	if ([...password].length < MIN_PASSWORD_LENGTH) {
		// The service's words, with the field's name ("Password").
		throw new InputError(
			`${quoted(label)} must be at least ${MIN_PASSWORD_LENGTH} characters.`,
			`Give a password of ${MIN_PASSWORD_LENGTH} characters or more.`,
		);
	}
	return password;
};
