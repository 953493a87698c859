/**
 * A record's attachment (a leave request's, a loan's; docs/decisions/0076): choose or drop a PDF, PNG or JPEG (the
 * shared FileDrop), stored at once with `POST /v1/files?accept=attachment` (checked by content on the server), its
 * name shown and removable; the form sends the stored file's `name`. `AttachmentLink` opens a stored attachment
 * through its record's route (`GET /v1/approvals/{id}/attachment`, `GET /v1/loans/{id}/attachment`).
 */
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, call, INLINE_ERRORS_HEADER, toApiError } from '../api/client.ts';
import { storeFile } from '../api/files.ts';
import { FileDrop } from '../grids/import/SheetSource.tsx';
import { errorText } from '../validation.ts';
import '../grids/import/import.css';
import './attachments.css';

/** What a form holds of its attachment: the stored file's id and the name it was uploaded with. */
export interface AttachmentValue {
  name: string;
  original_name: string;
}

export const ATTACHMENT_ACCEPT = 'application/pdf,image/png,image/jpeg';

export function AttachmentField({
  label,
  value,
  onChange,
  error,
  disabled = false,
}: {
  label: string;
  value: AttachmentValue | null;
  onChange: (value: AttachmentValue | null) => void;
  /** The server's refusal of the form's attachment field. */
  error?: string | null;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  const chooseButton = useRef<HTMLButtonElement | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const [uploading, setUploading] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const upload = async (file: File) => {
    setUploading(true);
    setRefusal(null);
    try {
      const stored = await storeFile(file, 'attachment');
      onChange({ name: stored.name, original_name: stored.original_name });
    } catch (reason) {
      setRefusal(errorText(t, toApiError(reason)));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="field attachment-field">
      <span className="field-label">
        {label} <span className="muted">({t('common.optional')})</span>
      </span>
      <FileDrop
        label={label}
        file={value ? { name: value.original_name } : null}
        hintId={hintId}
        dropHint={uploading ? t('attachments.uploading') : t('attachments.dropHint')}
        accept={ATTACHMENT_ACCEPT}
        chooseButton={chooseButton}
        fileInput={fileInput}
        reading={null}
        error={refusal ?? error ?? null}
        disabled={disabled || uploading}
        onFile={(file) => void upload(file)}
      >
        {value && (
          <button
            type="button"
            disabled={disabled || uploading}
            onClick={() => {
              onChange(null);
              chooseButton.current?.focus();
            }}
          >
            {t('attachments.remove', { name: value.original_name })}
          </button>
        )}
      </FileDrop>
    </div>
  );
}

// biome-ignore lint/suspicious/noExplicitAny: binary replies are outside the generated JSON types.
const raw = api as any;
const inline = { [INLINE_ERRORS_HEADER]: '1' };

/** Where each record's attachment is read: only through the record, by who may read it. */
const attachmentPaths = {
  approval: '/v1/approvals/{id}/attachment',
  loan: '/v1/loans/{id}/attachment',
} as const satisfies Record<'approval' | 'loan', string>;

export async function readAttachment(owner: keyof typeof attachmentPaths, id: string): Promise<Blob> {
  return call<Blob>(raw.GET(attachmentPaths[owner], { params: { path: { id } }, parseAs: 'blob', headers: inline }));
}

/** A button that opens a record's attachment in a new tab (the file is read with the bearer token first). */
export function AttachmentLink({
  owner,
  id,
  file,
}: {
  owner: keyof typeof attachmentPaths;
  id: string;
  file: { original_name: string };
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const open = async () => {
    setError(null);
    // The tab is opened now, inside the key press, so the browser does not block it; the file follows.
    const tab = window.open('', '_blank');
    try {
      const url = URL.createObjectURL(await readAttachment(owner, id));
      if (tab) tab.location.href = url;
      else window.open(url, '_blank', 'noopener');
    } catch (reason) {
      tab?.close();
      setError(errorText(t, toApiError(reason)));
    }
  };
  return (
    <span className="attachment-link">
      <button type="button" onClick={() => void open()}>
        {t('attachments.open', { name: file.original_name })}
      </button>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
