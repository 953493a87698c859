/**
 * The bulk invitation's palette commands, offered on the active-employees screen to users who may write there:
 * 'Invite employees from Excel…' (opens the dialog) and 'Download invitation template'.
 */
import type { Command } from '../../../commands/types.ts';
import { downloadInvitationTemplate } from './template.ts';

const always = () => true;

export function inviteCommands(actions: { open: () => void }): Command[] {
  return [
    {
      id: 'employees:invite',
      label: 'invite.commands.open',
      keywords: [
        'invite',
        'invitation',
        'excel',
        'xlsx',
        'bulk',
        'upload',
        'undang',
        'undangan',
        'unggah',
        '邀请',
        '批量',
      ],
      group: 'context',
      isVisible: always,
      isEnabled: always,
      // After the palette has closed and given the focus back: the dialog takes it next.
      run: () => {
        setTimeout(actions.open, 0);
      },
    },
    {
      id: 'employees:invite-template',
      label: 'invite.commands.template',
      keywords: ['template', 'invitation', 'excel', 'xlsx', 'download', 'templat', 'unduh', 'undangan', '模板', '下载'],
      group: 'context',
      isVisible: always,
      isEnabled: always,
      run: (ctx) => downloadInvitationTemplate(ctx.t),
    },
  ];
}
