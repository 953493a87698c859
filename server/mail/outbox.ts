import { outbox } from '../db/schema.ts';
import { defineResource } from '../resources/define.ts';

/**
 * The outbox (developer area, docs/decisions/0013): the mail kept when no SMTP server is configured, newest first, so
 * a demo's reset, verification and activation links can be followed from the browser. Read-only for everyone, and
 * readable by the main developer account only: it holds live links to every account, a developer's included.
 */
export const outboxResource = defineResource({
  name: 'outbox',
  path: '/outbox',
  table: outbox,
  menu: 'outbox',
  scope: 'platform',
  label: 'Outbox mail',
  title: (row) => `${row.subject} (${row.recipient})`,
  search: ['recipient', 'subject', 'link'],
  filters: ['created_at'],
  sort: ['created_at', 'recipient', 'subject'],
  defaultSort: '-created_at',
  hidden: ['created_by', 'updated_at'],
  readOnly: ['recipient', 'subject', 'body', 'link', 'company_id'],
  create: false,
  remove: false,
});
