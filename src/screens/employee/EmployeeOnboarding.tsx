/**
 * employee-onboarding (spec 2.3): new hires on Pending and Completed tabs (whether their onboarding link exists), with
 * the contract-dates filter (the toolbar's date range), the template and import of the grid, and the batch download
 * of the selected records as xlsx.
 */

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import type { BatchAction } from '../../grids/commands.ts';
import { exportRows } from '../../grids/export.ts';
import { ResourceGrid } from '../../grids/ResourceGrid.tsx';
import { onboardingGrid } from '../../grids/specs/employee-onboarding.ts';
import type { AnyGridSpec } from '../../grids/types.ts';
import { useCanWrite } from '../../menu/access.ts';
import type { ScreenProps } from '../types.ts';

const spec = onboardingGrid as unknown as AnyGridSpec;

export default function EmployeeOnboarding({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  const canWrite = useCanWrite(entry.id);
  const batchActions = useMemo<BatchAction[]>(
    () => [
      {
        id: 'download-selected',
        label: 'onboarding.downloadSelected',
        keywords: ['download', 'batch', 'xlsx', 'excel', 'unduh', '下载'],
        readOnly: true,
        run: (rows) => void exportRows(spec, rows, spec.columns, 'xlsx', t),
      },
    ],
    [t],
  );
  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <ResourceGrid spec={onboardingGrid} title={title} canWrite={canWrite} batchActions={batchActions} />
    </>
  );
}
