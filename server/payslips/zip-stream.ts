/**
 * A zip written to a file entry by entry (fflate's streaming `Zip`, entries stored: PDFs are compressed already), for
 * the payslips zip job: each PDF goes to the file as it is rendered, so a 10,000-payslip run is never held in memory
 * and never zipped in one synchronous call on the event loop (decision 0063).
 */
import { createWriteStream } from 'node:fs';
import { Zip, ZipPassThrough } from 'fflate';

export interface ZipFile {
  add(name: string, bytes: Uint8Array): void;
  /** Writes the central directory and closes the file; resolves with the zip's size in bytes. */
  close(): Promise<number>;
  /** Stops writing after a failure (the caller removes the file). */
  abort(): void;
}

export function zipFile(path: string): ZipFile {
  const out = createWriteStream(path);
  let size = 0;
  let failure: Error | null = null;
  out.on('error', (error) => {
    failure ??= error;
  });
  const finished = new Promise<void>((resolve, reject) => {
    out.on('close', () => (failure ? reject(failure) : resolve()));
  });
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      failure ??= error;
      out.destroy(error);
      return;
    }
    size += chunk.length;
    out.write(chunk);
    if (final) out.end();
  });
  return {
    add(name, bytes) {
      if (failure) throw failure;
      const entry = new ZipPassThrough(name);
      zip.add(entry);
      entry.push(bytes, true);
    },
    async close() {
      zip.end();
      await finished;
      return size;
    },
    abort() {
      zip.terminate();
      out.destroy();
    },
  };
}
