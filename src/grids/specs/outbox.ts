import { defineGrid } from '../types.ts';

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
    { field: 'recipient', kind: 'text', width: 220, editable: false, pinned: 'left' },
    { field: 'link', kind: 'text', width: 460, editable: false },
    { field: 'subject', kind: 'text', width: 260, editable: false },
    { field: 'created_at', kind: 'text', width: 220, editable: false },
    { field: 'body', kind: 'longText', width: 400, editable: false, hide: true },
  ],
});
