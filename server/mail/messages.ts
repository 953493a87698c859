/** The texts of the mail the server sends: one function per kind, each giving a `Mail` for the mailer. */
import type { Mail } from './mailer.ts';

interface Recipient {
  email: string | null;
  name: string;
  companyId?: string | null;
}

const from = (to: Recipient) => ({ to: to.email, name: to.name, companyId: to.companyId ?? null });

export const passwordResetMail = (to: Recipient, username: string, link: string, minutes: number): Mail => ({
  ...from(to),
  subject: 'Reset your HR Workspace password',
  text: `Someone asked to reset the password of ${username}. Open this link within ${minutes} minutes to choose a new one:\n\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.`,
  link,
});

export const verificationMail = (to: Recipient, companyName: string, link: string): Mail => ({
  ...from(to),
  subject: 'Verify your HR Workspace registration',
  text: `Open this link to create ${companyName} and its admin account:\n\n${link}\n\nIf you did not register, ignore this mail: nothing is created.`,
  link,
});

/** A registration that cannot go on: said to the mailbox owner only, never in the reply (nothing to enumerate). */
export const registrationRefusedMail = (to: Recipient, reasons: readonly string[], signInLink: string): Mail => ({
  ...from(to),
  subject: 'Your HR Workspace registration',
  text: `Someone (perhaps you) tried to register with this address, but it could not go on: ${reasons.join('; ')}.\n\nIf you already have an account, sign in or reset your password at ${signInLink}`,
});

export const activationMail = (to: Recipient, link: string): Mail => ({
  ...from(to),
  subject: 'You are invited to HR Workspace',
  text: `You have an account on HR Workspace. Open this link to choose your password and sign in:\n\n${link}`,
  link,
});
