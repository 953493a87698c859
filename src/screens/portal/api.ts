/** The portal's PDFs, fetched with the bearer token in the interface's language. */
import { call } from '../../api/client.ts';
import { payslipLanguage } from '../../api/payslips.ts';
import { inline, raw } from './usePortalRows.ts';

/** A warning letter on the letterhead (admin: any letter in reach). */
export const letterPdf = (id: string): Promise<Blob> =>
  call<Blob>(
    raw.GET('/v1/employees/surat-peringatan/{id}/pdf', {
      params: { path: { id }, query: { lang: payslipLanguage() } },
      parseAs: 'blob',
      headers: inline,
    }),
  );

/** One of the signed-in employee's own letters. */
export const ownLetterPdf = (id: string): Promise<Blob> =>
  call<Blob>(
    raw.GET('/v1/portal/warning-letters/{id}/pdf', {
      params: { path: { id }, query: { lang: payslipLanguage() } },
      parseAs: 'blob',
      headers: inline,
    }),
  );

/** A letter's attached PDF. */
export const letterAttachment = (id: string): Promise<Blob> =>
  call<Blob>(
    raw.GET('/v1/employees/surat-peringatan/{id}/attachment', {
      params: { path: { id } },
      parseAs: 'blob',
      headers: inline,
    }),
  );
