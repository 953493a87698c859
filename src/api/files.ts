/** Stored files (`/v1/files`): uploads, reading one back with the bearer token, and saving a blob as a download. */
import { api, call, INLINE_ERRORS_HEADER, type Schemas } from './client.ts';

const inline = { [INLINE_ERRORS_HEADER]: '1' };

// biome-ignore lint/suspicious/noExplicitAny: multipart and binary bodies are outside the generated JSON types.
const raw = api as any;

/**
 * `POST /v1/files`: the server checks the content (an image only, with `accept: 'image'`; a PNG or JPEG photo with `accept: 'photo'`; a record's PDF, PNG or JPEG
 * attachment with `accept: 'attachment'`, read back only through its record).
 */
export async function storeFile(file: File, accept?: 'image' | 'photo' | 'attachment'): Promise<Schemas['StoredFile']> {
  const form = new FormData();
  form.append('file', file);
  const reply = await call<{ data: Schemas['StoredFile'] }>(
    raw.POST('/v1/files', {
      params: { query: accept ? { accept } : {} },
      body: form,
      bodySerializer: (body: FormData) => body,
      headers: inline,
    }),
  );
  return reply.data;
}

/** A stored file's content by its name or URL (files are read with the bearer token). */
export async function readStoredFile(url: string, signal?: AbortSignal): Promise<Blob> {
  const name = url.replace(/^.*\/v1\/files\//, '');
  return call<Blob>(
    raw.GET('/v1/files/{name}', { params: { path: { name } }, parseAs: 'blob', signal, headers: inline }),
  );
}

/** A stored file as an object URL (an <img src> cannot send the bearer token). */
export async function fileObjectUrl(url: string, signal?: AbortSignal): Promise<string> {
  return URL.createObjectURL(await readStoredFile(url, signal));
}

/** Saves a blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
