import { Type } from '@sinclair/typebox';
import { isGrantable } from '../../common/permission-list.ts';
import { accessRoles } from '../db/schema.ts';
import { defineResource } from '../resources/define.ts';

/**
 * role-permission (spec 6, issue 26): the company's custom access levels. `permissions` holds `{menuId}:read` and
 * `{menuId}:write` strings from `permission-list` (common/permission-list.ts); the access hook reads them for every
 * custom-level caller (common/menu.ts canAccess). A level still held by a user is not deleted: the generic delete
 * counts the users pointing at it and answers 409 `in_use` with the count (docs/decisions/0016).
 */
export const rolesResource = defineResource({
  name: 'roles',
  path: '/roles',
  table: accessRoles,
  menu: 'role-permission',
  scope: 'company',
  label: 'Access level',
  title: (row) => `${row.access_level} (${row.code})`,
  search: ['code', 'access_level'],
  filters: ['code', 'access_level', 'updated_at'],
  sort: ['code', 'access_level', 'updated_at'],
  defaultSort: 'code',
  naturalKey: 'code',
  refine: {
    code: Type.String({ minLength: 1, maxLength: 40 }),
    access_level: Type.String({ minLength: 1, maxLength: 120 }),
    permissions: Type.Array(Type.String({ pattern: '^[a-z0-9-]+:(read|write)$', maxLength: 80 }), {
      maxItems: 400,
      uniqueItems: true,
    }),
  },
  check: (row) => {
    const permissions = (row.permissions as readonly string[] | undefined) ?? [];
    const unknown = permissions.filter((value) => !isGrantable(value));
    if (unknown.length) {
      return {
        errors: {
          permissions: {
            code: 'permission_unknown',
            message: `Not a permission a custom access level may hold: ${unknown.join(', ')}`,
            params: { permissions: unknown.join(', ') },
          },
        },
      };
    }
    const held = new Set(permissions);
    const writeWithoutRead = permissions.filter(
      (p) => p.endsWith(':write') && !held.has(p.replace(/:write$/, ':read')),
    );
    if (writeWithoutRead.length) {
      return {
        errors: {
          permissions: {
            code: 'permission_write_needs_read',
            message: `Writing needs reading too: ${writeWithoutRead.join(', ')}`,
            params: { permissions: writeWithoutRead.join(', ') },
          },
        },
      };
    }
    return null;
  },
});
