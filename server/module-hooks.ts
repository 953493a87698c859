/**
 * Faster module loading at start-up (docs/decisions/0077). For every ES module file it loads, Node looks up the
 * nearest package.json to learn the file's format, and deserializes it again each time. drizzle-orm's is 179 KB (an
 * exports map of about 450 entries) and the server loads a few hundred of its files: a CPU profile of a restart put
 * about a quarter of the module loading there (`getPackageScopeConfig`). drizzle-orm is `"type": "module"` with a
 * single package.json, so a relative `.js` import from one of its files is an ES module next to it: this hook says so
 * at once. Everything else resolves as before.
 *
 * Call before the first (dynamic) import of server code (static imports are resolved before any code runs), and call
 * what it returns once that import is done: while any hook is registered, every later `require()` (Ajv and
 * fast-json-stringify call it while Fastify compiles the routes) takes Node's slower path, which costs more than the
 * hook saved.
 */
import { enableCompileCache, registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * Node's on-disk cache of compiled code (`module.enableCompileCache`, docs/decisions/0081), in
 * `node_modules/.cache/hrw-compile`: a restart reads the V8 code of the server's ~1,000 modules instead of compiling them
 * again (about a third of the import time, measured). Also set for the processes this one starts (the embedded
 * database's). Call before the first dynamic import of server code. `NODE_DISABLE_COMPILE_CACHE=1` turns it off.
 */
export function cacheCompiledCode() {
  const directory = fileURLToPath(new URL('../node_modules/.cache/hrw-compile', import.meta.url));
  const result = enableCompileCache(directory);
  if (result.directory) process.env.NODE_COMPILE_CACHE ??= result.directory;
}

const DRIZZLE = '/node_modules/drizzle-orm/';
export function speedUpImports(): () => void {
  const hooks = registerHooks({
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL;
      if (
        parent?.startsWith('file:') &&
        parent.includes(DRIZZLE) &&
        (specifier.startsWith('./') || specifier.startsWith('../')) &&
        specifier.endsWith('.js')
      ) {
        const url = new URL(specifier, parent).href;
        if (url.includes(DRIZZLE)) return { url, format: 'module', shortCircuit: true };
      }
      return nextResolve(specifier, context);
    },
  });
  return () => hooks.deregister();
}
