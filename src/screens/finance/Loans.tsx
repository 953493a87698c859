/**
 * finance → loan (issue 15): the company's loans and deposits as editable grids (inline edit, bulk paste, xlsx import
 * through the preview, export), on two tabs. A loan row opens its schedule (`/dashboard/payroll/employee-loan/detail/
 * <id>`). Rules: server/finance/README.md.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCommands } from '../../commands/registry.ts';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { ResourceGrid } from '../../grids/ResourceGrid.tsx';
import { depositsGrid, loansGrid } from '../../grids/specs/loans.ts';
import { useCanWrite } from '../../menu/access.ts';
import type { ScreenProps } from '../types.ts';
import { type FinanceView, loanListCommands } from './commands.ts';

export default function Loans({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  const canWrite = useCanWrite(entry.id);
  const [params, setParams] = useSearchParams();
  const view: FinanceView = params.get('view') === 'deposits' ? 'deposits' : 'loans';
  const show = (next: FinanceView) => setParams(next === 'loans' ? {} : { view: next });
  useCommands(loanListCommands(view, show), [view]);
  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <div role="tablist" aria-label={title} className="grid-tabs">
        {(['loans', 'deposits'] as const).map((tab) => (
          <button key={tab} type="button" role="tab" aria-selected={view === tab} onClick={() => show(tab)}>
            {t(tab === 'loans' ? 'loans.tabs.loans' : 'loans.tabs.deposits')}
          </button>
        ))}
      </div>
      {view === 'loans' ? (
        <ResourceGrid key="loans" spec={loansGrid} title={title} canWrite={canWrite} />
      ) : (
        <ResourceGrid key="deposits" spec={depositsGrid} title={t('loans.tabs.deposits')} canWrite={canWrite} />
      )}
    </>
  );
}
