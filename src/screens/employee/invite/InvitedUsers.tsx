/**
 * invited-user (developer area): the accounts bulk invitations created, newest first, as a grid. No create and no
 * delete; the photo, full name, email and phone are edited in place.
 */

import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '../../../components/ScreenHeader.tsx';
import { ResourceGrid } from '../../../grids/ResourceGrid.tsx';
import { invitedUsersGrid } from '../../../grids/specs/invited-users.ts';
import { useCanWrite } from '../../../menu/access.ts';
import type { ScreenProps } from '../../types.ts';

export default function InvitedUsers({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  const canWrite = useCanWrite(entry.id);
  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <ResourceGrid spec={invitedUsersGrid} title={title} canWrite={canWrite} />
    </>
  );
}
