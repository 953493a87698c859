import { defineConfig } from 'vitest/config';
import { publicLabels } from './scripts/publicLabels.ts';
import { publicGroups } from './src/labels/public.ts';

/** Data tests build the real app on a real database: once on PGlite, and again on PostgreSQL when one is given. */
const apiTests = ['tests/server/**/*.test.ts', 'tests/scripts/**/*.test.ts'];

export default defineConfig({
  // The sign-in page's labels (src/i18n.ts imports `public-labels:<language>`).
  plugins: [publicLabels(publicGroups)],
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/common/**/*.test.ts', 'tests/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: apiTests,
          globalSetup: ['tests/support/global-setup.ts'],
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: apiTests,
          globalSetup: ['tests/support/global-setup.ts'],
          exclude: ['tests/scripts/**'],
          env: { TEST_DB: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
    ],
  },
});
