/**
 * active-employees: the employee list as an editable grid (the detail editor builds on it), and the bulk invitation
 * from an .xlsx workbook (spec 2.3): a button above the grid and the palette's 'Invite employees from Excel…' and
 * 'Download invitation template', for users who may write here.
 */

import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCommands } from '../../commands/registry.ts';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { ResourceGrid } from '../../grids/ResourceGrid.tsx';
import { employeesGrid } from '../../grids/specs/employees.ts';
import { useCanWrite } from '../../menu/access.ts';
import { menuPathFor } from '../../menu/index.ts';
import { logout, userAtom } from '../../session.ts';
import type { ScreenProps } from '../types.ts';
import { inviteCommands } from './invite/commands.ts';
import { type AfterInvite, InviteDialog } from './invite/InviteDialog.tsx';
import { downloadInvitationTemplate } from './invite/template.ts';

export default function ActiveEmployees({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAtomValue(userAtom);
  const title = t(entry.titleKey);
  const canWrite = useCanWrite(entry.id);
  const [inviting, setInviting] = useState(false);
  /** A new generation remounts the grid: the list is read again after an invitation. */
  const [generation, setGeneration] = useState(0);

  useCommands(canWrite ? inviteCommands({ open: () => setInviting(true) }) : [], [canWrite]);

  const closeInvite = (invited: boolean) => {
    setInviting(false);
    if (invited) setGeneration((current) => current + 1);
  };
  /**
   * invited-user is a developer screen: a developer acting as this company's admin gets their own session back on
   * it; a company admin stays on (and reloads) the active employees.
   */
  const continueAfterInvite = (next: AfterInvite) => {
    if (next === 'invited-users') {
      // No grid reload here: its request would race the logout that revokes this session's token.
      setInviting(false);
      void logout(menuPathFor('invited-user'));
      return;
    }
    closeInvite(true);
    navigate(menuPathFor('active-employees'));
  };

  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      {canWrite && (
        <div className="screen-actions">
          <button type="button" onClick={() => setInviting(true)}>
            {t('invite.open')}
          </button>
          <button type="button" onClick={() => void downloadInvitationTemplate(t)}>
            {t('invite.template.download')}
          </button>
        </div>
      )}
      <ResourceGrid key={generation} spec={employeesGrid} title={title} canWrite={canWrite} />
      {inviting && (
        <InviteDialog
          after={user?.impersonator ? 'invited-users' : 'active-employees'}
          onClose={closeInvite}
          onContinue={continueAfterInvite}
        />
      )}
    </>
  );
}
