/** The mail the server kept in its outbox (no SMTP server in tests): the newest to a recipient, and its link's token. */
import { desc, eq } from 'drizzle-orm';
import { outbox } from '../../server/db/schema.ts';
import type { TestApp } from './app.ts';

export async function lastMail(t: TestApp, recipient: string) {
  const [mail] = await t.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, recipient))
    .orderBy(desc(outbox.created_at), desc(outbox.id))
    .limit(1);
  return mail;
}

/** The newest link mailed to `recipient`; fails the test when there is none. */
export async function lastLink(t: TestApp, recipient: string): Promise<string> {
  const mail = await lastMail(t, recipient);
  if (!mail?.link) throw new Error(`no link was mailed to ${recipient}`);
  return mail.link;
}

/** The token a mailed link carries (`?token=` or `?activation=`). */
export const tokenOf = (link: string) => {
  const params = new URL(link).searchParams;
  return (params.get('token') ?? params.get('activation'))!;
};
