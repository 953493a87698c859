/**
 * The client's import rules (ARCHITECTURE.md, "The client"), checked by tests/src/import-graph.test.ts in `npm test`
 * and by hand with `npx depcruise src`. Type-only imports count: a circle of types is still a circle to read.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import circles in src/ (a lazy import() counts: it still makes every screen depend on the list).',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'src-not-server',
      comment: 'The client never imports the server; both may import common/.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'feature-not-feature',
      comment:
        "A feature folder (src/screens/<feature>/) never imports another's: shared pieces live in src/components/, src/api/, src/reports/ and the like.",
      severity: 'error',
      from: { path: '^src/screens/([^/]+)/' },
      to: { path: '^src/screens/[^/]+/', pathNot: '^src/screens/$1/' },
    },
    {
      name: 'generic-not-feature',
      comment:
        'Generic code outside src/screens/ reaches a feature only through the registries (src/screens/registry.ts, details.ts) or the roots that start the app (App.tsx, early.ts).',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(screens/|App.tsx$|early.ts$)' },
      to: { path: '^src/screens/[^/]+/' },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|^src/api/v1\\.d\\.ts$' },
  },
};
