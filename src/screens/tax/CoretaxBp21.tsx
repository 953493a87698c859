/** The Coretax BP21 of one completed daily payroll (decision 0166), opened from the daily payroll screen (panels.ts). */
import { menuPathFor } from '../../menu/index.ts';
import { coretaxBp21 } from './api.ts';
import { CoretaxDialog } from './CoretaxDialog.tsx';

export function CoretaxBp21({ summary, title, onClose }: { summary: string; title: string; onClose: () => void }) {
  return (
    <CoretaxDialog
      kind="bp21"
      check={() => coretaxBp21.check(summary)}
      download={(leaveOut) => coretaxBp21.file(summary, leaveOut)}
      fileName={`BP21 ${title}.xml`}
      fixLink={() => menuPathFor('daily-worker')}
      onClose={onClose}
    />
  );
}
