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
import { registerHooks } from 'node:module';

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
