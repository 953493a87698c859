/**
 * A Vite plugin: after the build, writes `<file>.br` and `<file>.gz` next to every text asset worth compressing, so the
 * server sends them as they are (@fastify/static `preCompressed`) and never compresses on a request
 * (docs/decisions/0019).
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|wasm)$/;
/** Smaller files gain little and cost a request header's worth either way. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export async function precompressFolder(folder: string): Promise<number> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
  let written = 0;
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) return;
      const content = await readFile(file);
      const [br, gzipped] = await Promise.all([
        brotli(content, {
          params: {
            // 5, not 9 or 11: `npm start` builds on a new user's first start, and every e2e run starts with a build.
            // Measured on this app's assets (5.1 MB of JS and CSS, one run, load average 25): quality 9 took 7.3 s for
            // 1,434 KB, quality 5 1.9 s for 1,470 KB (2.5 % larger). Decision 0051.
            [constants.BROTLI_PARAM_QUALITY]: 5,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        // Level 6 (zlib's default) against 9: half the time, 0.2 % larger; gzip serves only clients without brotli.
        gz(content, { level: 6 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
      written++;
    }),
  );
  return written;
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'hr-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      await precompressFolder(join(config.root, config.build.outDir));
    },
  };
}
