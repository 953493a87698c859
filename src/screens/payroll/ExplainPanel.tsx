/**
 * The explain panel beside the run grid: how the selected figure was computed, in words (explain.ts). It never takes
 * the focus: the grid keeps it while the selection moves, and Ctrl+I (palette: 'Show or hide explain') toggles it.
 */
import { useTranslation } from 'react-i18next';
import type { CompanyPayrollSettings } from '../../../common/payroll/types.ts';
import { formatRupiah } from '../../format.ts';
import { type ColumnKey, columnLabels, type RunRow } from './columns.ts';
import { explainCell, lineLabels, type Sentence } from './explain.ts';

export interface ExplainPanelProps {
  row: RunRow | null;
  column: string | null;
  settings: CompanyPayrollSettings;
  onClose(): void;
}

export function ExplainPanel({ row, column, settings, onClose }: ExplainPanelProps) {
  const { t } = useTranslation();
  const say = (sentence: Sentence, index: number) => <p key={index}>{t(sentence.key, sentence.values ?? {})}</p>;
  const explanation = row && column ? explainCell(row, column, settings) : null;
  const label = column && Object.hasOwn(columnLabels, column) ? t(columnLabels[column as ColumnKey]) : '';
  return (
    <aside className="payroll-explain" aria-label={t('payrollRun.explain')} aria-live="polite">
      <div className="payroll-explain-head">
        <h3>{t('payrollRun.explain')}</h3>
        <button type="button" className="link" onClick={onClose} title={t('payrollRun.explainToggle')}>
          {t('payrollRun.explainHide')}
        </button>
      </div>
      {!row && <p className="muted">{t('payrollRun.explainEmpty')}</p>}
      {row && (
        <>
          <p>
            <strong>{row.fullname}</strong>
            {label && ` · ${label}`}
          </p>
          {!row.payslip && <p className="muted">{t('payrollRun.explainTotal')}</p>}
          {row.check === 'local' && <p className="muted">{t('payrollRun.checking')}</p>}
          {row.check === 'mismatch' && <p className="payroll-warning">{t('payrollRun.mismatchShort')}</p>}
          {explanation?.intro.map(say)}
          {row.payslip && explanation && explanation.lines.length === 0 && explanation.intro.length === 0 && (
            <p className="muted">{t('payrollRun.explainNone')}</p>
          )}
          {explanation?.lines.map((line) => (
            <section key={line.id} className="payroll-explain-line">
              <h4>
                <span>
                  {line.sign && `${line.sign} `}
                  {t(lineLabels[line.code])}
                  {line.name && line.name !== line.code ? ` (${line.name})` : ''}
                </span>
                <span className="amount">{formatRupiah(line.amount)}</span>
              </h4>
              {line.sentences.map(say)}
            </section>
          ))}
        </>
      )}
    </aside>
  );
}
