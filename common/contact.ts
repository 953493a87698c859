/**
 * How a phone number and an email address look, for the server's schemas and the browser's checks before sending.
 * Phones: digits with an optional leading + (Indonesian 08… or +62…), 8 to 15 digits, spaces and dashes removed first.
 */

/** The server's schema pattern of a phone number. */
export const PHONE_PATTERN = '^\\+?[0-9]{8,15}$';
const phone = new RegExp(PHONE_PATTERN);
const email = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isPhone = (text: string): boolean => phone.test(text);
/** A plausible address (something@domain.tld); the server checks the email format again. */
export const isEmail = (text: string): boolean => email.test(text);
