/**
 * The bank transfer file of a completed monthly run or daily payroll (issue 27 section 5, decision 0176): the bank the
 * company pays from, all employees or only those at that bank, CSV or xlsx. The transfers come from the server
 * (`GET /v1/payroll-summary/{id}/bank-transfers`: the stored take-home pay into each employee's account; refused,
 * naming them, while an employee with pay has no account); the file is written here (decision 0011). No bank's own
 * upload layout could be verified, so every bank gets the generic file, and the dialog says so.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type BankTransfer,
  bankFileColumns,
  bankFileCsv,
  type PayingBank,
  payingBankFacts,
  payingBanks,
} from '../../../common/bank-file.ts';
import { ApiError } from '../../api/client.ts';
import { Modal } from '../../components/Modal.tsx';
import { formatRupiah } from '../../format.ts';
import { downloadBlob, sheetName } from '../../grids/export.ts';
import { toast } from '../../overlays/progress.ts';
import { errorText } from '../../validation.ts';
import { type BankTransfers, bankTransfers } from './api.ts';

type Recipients = 'all' | 'same_bank';

/** The xlsx header's words; the CSV keeps the generic file's own English header (common/bank-file.ts). */
const columnKeys = {
  account: 'bankFile.columns.account',
  name: 'bankFile.columns.name',
  bank: 'bankFile.columns.bank',
  amount: 'bankFile.columns.amount',
  reference: 'bankFile.columns.reference',
} as const satisfies Record<(typeof bankFileColumns)[number], string>;
type FileFormat = 'csv' | 'xlsx';

const fileStem = (title: string, bank: PayingBank) =>
  `${title}-${bank}`
    .replace(/[^\p{L}\p{N}-]+/gu, '-')
    .replace(/-+/g, '-')
    .toLowerCase();

async function writeFile(
  transfers: readonly BankTransfer[],
  format: FileFormat,
  name: string,
  t: (k: never) => string,
) {
  if (format === 'csv') {
    downloadBlob(new Blob([`\uFEFF${bankFileCsv(transfers)}`], { type: 'text/csv;charset=utf-8' }), `${name}.csv`);
    return `${name}.csv`;
  }
  const XLSX = await import('xlsx');
  const header = bankFileColumns.map((column) => t(columnKeys[column] as never));
  const rows = transfers.map((row) => [row.account, row.name, row.bank, row.amount, row.reference]);
  const sheet = XLSX.utils.aoa_to_sheet([header, ...rows]);
  // Accounts stay text (leading zeros); amounts are whole rupiah numbers.
  for (let r = 1; r <= rows.length; r++) {
    const account = sheet[XLSX.utils.encode_cell({ r, c: 0 })];
    if (account) account.t = 's';
    const amount = sheet[XLSX.utils.encode_cell({ r, c: 3 })];
    if (amount) amount.z = '#,##0';
  }
  sheet['!cols'] = [{ wch: 20 }, { wch: 32 }, { wch: 12 }, { wch: 16 }, { wch: 36 }];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName('Transfers'));
  XLSX.writeFile(book, `${name}.xlsx`, { bookType: 'xlsx', compression: true });
  return `${name}.xlsx`;
}

export function BankFileDialog({ summary, onClose }: { summary: { _id: string; title: string }; onClose(): void }) {
  const { t } = useTranslation();
  const [bank, setBank] = useState<PayingBank>('BCA');
  const [recipients, setRecipients] = useState<Recipients>('all');
  const [format, setFormat] = useState<FileFormat>('csv');
  const [file, setFile] = useState<BankTransfers | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    setFile(null);
    setError(null);
    bankTransfers(summary._id, { paying_bank: bank, recipients })
      .then((reply) => live && setFile(reply))
      .catch((e: unknown) => {
        if (!live) return;
        if (e instanceof ApiError && e.code === 'bank_account_missing') {
          const names = e.names ?? [];
          setError(t('bankFile.missing', { count: names.length, names: names.join(', ') }));
        } else setError(e instanceof ApiError ? errorText(t, e) : String(e));
      });
    return () => {
      live = false;
    };
  }, [summary._id, bank, recipients, t]);

  const download = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const name = await writeFile(file.transfers, format, fileStem(summary.title, bank), t as never);
      toast(t('bankFile.done', { count: file.count, file: name }), 'success');
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={t('bankFile.title', { title: summary.title })} onCancel={onClose} unsent={false}>
      <form
        className="payroll-create bank-file"
        onSubmit={(event) => {
          event.preventDefault();
          void download();
        }}
      >
        <label>
          {t('bankFile.payingBank')}
          <select value={bank} onChange={(e) => setBank(e.target.value as PayingBank)}>
            {payingBanks.map((value) => (
              <option key={value} value={value}>
                {value === 'other' ? t('bankFile.otherBank') : value}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('bankFile.recipients')}
          <select value={recipients} onChange={(e) => setRecipients(e.target.value as Recipients)}>
            <option value="all">{t('bankFile.recipientsAll')}</option>
            <option value="same_bank" disabled={bank === 'other'}>
              {t('bankFile.recipientsSame', { bank })}
            </option>
          </select>
        </label>
        <label>
          {t('bankFile.format')}
          <select value={format} onChange={(e) => setFormat(e.target.value as FileFormat)}>
            <option value="csv">CSV</option>
            <option value="xlsx">Excel (xlsx)</option>
          </select>
        </label>
        <p className="muted">
          {t('bankFile.generic', {
            channel: payingBankFacts[bank].channel || t('bankFile.otherBank'),
          })}
        </p>
        {error && (
          <p className="payroll-warning" role="alert">
            {error}
          </p>
        )}
        {file && (
          <div role="status">
            <p>
              <strong>{t('bankFile.summary', { count: file.count, total: formatRupiah(file.total) })}</strong>
            </p>
            <ul className="bank-file-banks">
              {file.banks.map((entry) => (
                <li key={entry.bank}>
                  {entry.bank}: {t('bankFile.perBank', { count: entry.count, total: formatRupiah(entry.total) })}
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            {t('bankFile.cancel')}
          </button>
          <button type="submit" className="primary" disabled={!file || busy || file.count === 0}>
            {t('bankFile.download')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
