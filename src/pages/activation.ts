/** The activation form's own checks, before anything is sent: the server's minimum length, and the repeat. */

/** The server's minimum password length (server/auth/passwords.ts). */
export const MIN_PASSWORD_LENGTH = 8;

export type ActivationProblem = 'tooShort' | 'mismatch';

/** What is wrong with the chosen password, or null: too short first, then the repeat that differs. */
export function activationProblem(password: string, confirm: string): ActivationProblem | null {
  if (password.length < MIN_PASSWORD_LENGTH) return 'tooShort';
  if (password !== confirm) return 'mismatch';
  return null;
}
