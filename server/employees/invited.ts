import { Type } from '@sinclair/typebox';
import { sql } from 'drizzle-orm';
import { PHONE_PATTERN } from '../../common/contact.ts';
import { oneTimeTokens, users } from '../db/schema.ts';
import { defineResource } from '../resources/define.ts';

/**
 * invited-user (developer area, spec 2.2): the accounts created by a bulk invitation or an employee import, on every
 * company, newest first. Read-only but for the photo, full name, email and phone; invitations create them.
 */
export const invitedUsersResource = defineResource({
  name: 'invited-users',
  path: '/invited-users',
  table: users,
  menu: 'invited-user',
  scope: 'platform',
  label: 'Invited user',
  title: (row) => `${row.fullname} (${row.username})`,
  search: ['fullname', 'email', 'username', 'phone'],
  filters: ['level', 'created_at', 'blocked'],
  sort: ['created_at', 'fullname', 'email'],
  defaultSort: '-created_at',
  hidden: ['password_hash', 'access_role'],
  readOnly: ['username', 'level', 'blocked'],
  create: false,
  remove: false,
  rows: () =>
    sql`exists (select 1 from ${oneTimeTokens} where ${oneTimeTokens.user_id} = ${users.id} and ${oneTimeTokens.purpose} = 'activation')`,
  refine: {
    fullname: Type.String({ minLength: 1, maxLength: 200 }),
    email: Type.Union([Type.String({ format: 'email' }), Type.Null()]),
    phone: Type.Union([Type.String({ pattern: PHONE_PATTERN }), Type.Null()]),
    photo_url: Type.Union([Type.String({ maxLength: 500 }), Type.Null()]),
  },
});
