/** leave → rules: the company's leave types and how each accrues and counts (spec 3 "Leave rule"), one grid. */
import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { ResourceGrid } from '../../grids/ResourceGrid.tsx';
import { leaveRulesGrid } from '../../grids/specs/leave-rules.ts';
import { useCanWrite } from '../../menu/access.ts';
import type { ScreenProps } from '../types.ts';

export default function LeaveRules({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  const canWrite = useCanWrite(entry.id);
  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <p className="hint">{t('leave.rulesHint')}</p>
      <ResourceGrid spec={leaveRulesGrid} title={title} canWrite={canWrite} />
    </>
  );
}
