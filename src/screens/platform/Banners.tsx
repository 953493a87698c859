/**
 * Developer area → banners (Ads; spec 2.2): the banners as an editable grid, and beside it the image of the row the
 * focus is on: "Upload image" (png, jpg or gif; the server checks the content and refuses anything else) and a
 * preview. The palette's "Upload banner image" opens the file chooser for the focused row.
 */
import './platform.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../api/client.ts';
import { fileObjectUrl, storeFile } from '../../api/files.ts';
import { useCommands } from '../../commands/registry.ts';
import type { Command } from '../../commands/types.ts';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { announceRowChanged, getRow, updateRow } from '../../grids/api.ts';
import { ResourceGrid, type Row } from '../../grids/ResourceGrid.tsx';
import { bannersGrid } from '../../grids/specs/banners.ts';
import { useCanWrite } from '../../menu/access.ts';
import { toast } from '../../overlays/progress.ts';
import { errorText } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';

export default function Banners({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  const canWrite = useCanWrite(entry.id);
  const [row, setRow] = useState<Row | null>(null);
  const onFocusRow = useCallback((focused: Row | null) => {
    if (focused) setRow(focused);
  }, []);
  const chooser = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const image = typeof row?.image_url === 'string' ? row.image_url : null;

  useEffect(() => {
    setPreview(null);
    if (!image) return;
    const abort = new AbortController();
    let url: string | null = null;
    fileObjectUrl(image, abort.signal).then(
      (made) => {
        url = made;
        setPreview(made);
      },
      () => undefined,
    );
    return () => {
      abort.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [image]);

  async function upload(file: File) {
    if (!row) return;
    setBusy(true);
    setError(null);
    try {
      const stored = await storeFile(file, 'image');
      const fresh = await getRow(bannersGrid, row._id);
      const saved = await updateRow(bannersGrid, row._id, {
        image_url: stored.url,
        version: Number(fresh.version),
      });
      setRow(saved);
      announceRowChanged(bannersGrid.path, row._id);
      toast(t('platform.banners.imageSaved', { title: String(saved.title ?? '') }), 'success');
    } catch (reason) {
      setError(errorText(t, toApiError(reason)));
    } finally {
      setBusy(false);
      if (chooser.current) chooser.current.value = '';
    }
  }

  const commands = useMemo<Command[]>(
    () => [
      {
        id: 'banners:upload-image',
        label: 'platform.banners.upload',
        keywords: ['image', 'upload', 'banner', 'gambar', 'unggah', '图片', '上传'],
        group: 'context',
        isVisible: () => canWrite,
        isEnabled: () => !!row,
        run: () => chooser.current?.click(),
      },
    ],
    [canWrite, row],
  );
  useCommands(commands, [commands]);

  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <p className="hint">{t('platform.banners.hint')}</p>
      <div className="platform-layout">
        <ResourceGrid spec={bannersGrid} title={title} canWrite={canWrite} onFocusRow={onFocusRow} />
        <aside className="platform-panel" aria-label={t('platform.banners.image')}>
          <h2>{t('platform.banners.image')}</h2>
          {row ? (
            <>
              <p>{String(row.title ?? '')}</p>
              {preview ? (
                <img className="platform-banner-preview" src={preview} alt={String(row.title ?? '')} />
              ) : (
                <p className="muted">{t('platform.banners.noImage')}</p>
              )}
              {canWrite && (
                <>
                  <label className="platform-upload">
                    {busy ? t('platform.banners.uploading') : t('platform.banners.upload')}
                    <input
                      ref={chooser}
                      type="file"
                      accept=".png,.jpg,.jpeg,.gif,image/png,image/jpeg,image/gif"
                      disabled={busy}
                      onChange={(event) => {
                        const file = event.target.files?.[0];
                        if (file) void upload(file);
                      }}
                    />
                  </label>
                  <p className="muted">{t('platform.banners.types')}</p>
                </>
              )}
              {error && (
                <p role="alert" className="form-error">
                  {error}
                </p>
              )}
            </>
          ) : (
            <p className="muted">{t('platform.banners.pickRow')}</p>
          )}
        </aside>
      </div>
    </>
  );
}
