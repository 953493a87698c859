/**
 * The files of an employee's attachments (spec 3 "Attachments: name, attachment"): upload one (checked by content on
 * the server: PDF, images, xlsx) as a new attachment row, and download the stored files. The rows themselves (renaming,
 * deleting) are the attachments grid below; its writes refresh this list.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, call, INLINE_ERRORS_HEADER, toApiError } from '../../api/client.ts';
import { readStoredFile, storeFile } from '../../api/files.ts';
import { onListWritten } from '../../grids/api.ts';
import { downloadBlob } from '../../grids/export.ts';
import { employeeAttachmentsGrid } from '../../grids/specs/employee-attachments.ts';
import { toast } from '../../overlays/progress.ts';
import { errorText } from '../../validation.ts';

const inline = { headers: { [INLINE_ERRORS_HEADER]: '1' } };

type Attachment = { _id: string; name: string; attachment: string | null };

/** Stores the file (`POST /v1/files`), then records it as the employee's attachment named after it. */
export async function uploadAttachment(employee: string, file: File): Promise<void> {
  const stored = await storeFile(file);
  await call(
    api.POST('/v1/employees/attachments', {
      body: { employee, name: file.name.replace(/\.[^.]+$/, '') || file.name, attachment: stored.name },
      ...inline,
    }),
  );
}

async function downloadAttachment(row: Attachment): Promise<void> {
  const name = row.attachment!.replace(/^.*\/v1\/files\//, '');
  const extension = name.includes('.') ? name.slice(name.lastIndexOf('.')) : '';
  downloadBlob(await readStoredFile(name), `${row.name}${extension}`);
}

export function AttachmentFiles({
  employeeId,
  canWrite,
  version,
  onUploaded,
}: {
  employeeId: string;
  canWrite: boolean;
  /** Changes whenever the attachments may have changed (an upload, the grid's own edits on reload). */
  version: number;
  onUploaded: () => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [files, setFiles] = useState<Attachment[]>([]);
  // A rename or delete in the attachments grid: read the list again.
  const [gridWrites, setGridWrites] = useState(0);
  useEffect(() => onListWritten(employeeAttachmentsGrid.path, () => setGridWrites((n) => n + 1)), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` and `gridWrites` say the list changed: read it again.
  useEffect(() => {
    const controller = new AbortController();
    call<{ data: Attachment[] }>(
      api.GET('/v1/employees/attachments', {
        params: { query: { employee: [employeeId], limit: 1000, sort: 'name' } },
        signal: controller.signal,
        ...inline,
      }),
    ).then(
      (reply) => setFiles(reply.data.filter((row) => row.attachment)),
      () => {},
    );
    return () => controller.abort();
  }, [employeeId, version, gridWrites]);

  const upload = async (file: File) => {
    setBusy(true);
    setError(null);
    try {
      await uploadAttachment(employeeId, file);
      toast(t('employeeDetail.attachments.uploaded', { name: file.name }), 'success');
      onUploaded();
    } catch (reason) {
      setError(errorText(t, toApiError(reason)));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="attachment-files">
      {canWrite && (
        <>
          <input
            ref={input}
            type="file"
            hidden
            aria-labelledby={labelId}
            accept=".pdf,.png,.jpg,.jpeg,.gif,.xlsx"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file) void upload(file);
            }}
          />
          <button type="button" id={labelId} disabled={busy} onClick={() => input.current?.click()}>
            {busy ? t('employeeDetail.attachments.uploading') : t('employeeDetail.attachments.upload')}
          </button>
        </>
      )}
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      {files.length > 0 && (
        <ul aria-label={t('employeeDetail.attachments.files')}>
          {files.map((row) => (
            <li key={row._id}>
              <button
                type="button"
                className="link-button"
                onClick={() =>
                  void downloadAttachment(row).catch((reason) => setError(errorText(t, toApiError(reason))))
                }
              >
                {t('employeeDetail.attachments.download', { name: row.name })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
