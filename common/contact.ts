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

/** A phone number as typed, without the spaces, dashes, dots and brackets people write between the digits. */
export const compactPhone = (text: string): string => text.replace(/[\s().-]/g, '');

/** Indonesian area codes of two digits (Jakarta, Bandung, Semarang, Surabaya, Medan); the others have three. */
const shortAreaCodes = new Set(['21', '22', '24', '31', '61']);

/**
 * One way to show a phone number, whatever was typed: Indonesian numbers as +62 and groups ('0812-3456-7890' and
 * '+6281234567890' show '+62 812 3456 7890'; '021 5093 8800' shows '+62 21 5093 8800'). A number of another country
 * shows compact ('+6591234567'); text that is not a phone number shows as it is.
 */
export function displayPhone(text: string): string {
  const compact = compactPhone(text);
  if (!phone.test(compact)) return text;
  let national: string;
  if (compact.startsWith('+62')) national = compact.slice(3);
  else if (compact.startsWith('0')) national = compact.slice(1);
  else return compact;
  if (national.startsWith('0') || national.length < 6) return compact;
  // Mobile numbers (8…) and area codes lead with three digits, except the big cities' two.
  const head = national.startsWith('8') || !shortAreaCodes.has(national.slice(0, 2)) ? 3 : 2;
  const rest = national.slice(head);
  const groups =
    rest.length > 4 ? [rest.slice(0, rest.length >= 7 ? 4 : 3), rest.slice(rest.length >= 7 ? 4 : 3)] : [rest];
  return ['+62', national.slice(0, head), ...groups].join(' ');
}
