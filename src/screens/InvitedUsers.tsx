/**
 * invited-user (developer area): the accounts bulk invitations created, newest first, as a grid. No create and no
 * delete; the photo, full name, email and phone are edited in place.
 */
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { canAccess } from '../../common/menu.ts';
import { invitedUsersGrid } from '../grids/invited-users.ts';
import { ResourceGrid } from '../grids/ResourceGrid.tsx';
import { viewerOf } from '../menu/index.ts';
import { userAtom } from '../session.ts';
import type { ScreenProps } from './registry.ts';
import { ScreenHeader } from './ScreenHeader.tsx';

export default function InvitedUsers({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const title = t(entry.titleKey);
  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <ResourceGrid
        spec={invitedUsersGrid}
        title={title}
        canWrite={!!user && canAccess(entry.id, viewerOf(user), 'write')}
      />
    </>
  );
}
