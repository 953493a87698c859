import { defineGrid } from './types.ts';

/**
 * outbox (developer area, docs/decisions/0013): the mail kept when no SMTP server is configured, newest first, with
 * the link each carries to copy or open. Read-only: the server refuses every write.
 */
export const outboxGrid = defineGrid({
  resource: 'outbox',
  path: '/v1/outbox',
  create: false,
  remove: false,
  defaultSort: '-created_at',
  title: (row) => `${row.subject ?? ''} (${row.recipient ?? ''})`,
  columns: [
    { field: 'created_at', kind: 'text', width: 240, editable: false },
    { field: 'recipient', kind: 'text', width: 240, editable: false, pinned: 'left' },
    { field: 'subject', kind: 'text', width: 280, editable: false },
    { field: 'link', kind: 'text', width: 520, editable: false },
    { field: 'body', kind: 'longText', width: 400, editable: false, hide: true },
  ],
});
