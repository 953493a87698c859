/**
 * The top-level label groups the pages before sign-in use (sign-in, password, registration, activation, the error
 * pages, the overlays): what `scripts/publicLabels.ts` keeps of a locale file for them (docs/decisions/0100). A page
 * before sign-in that uses another group adds it here.
 */
export const publicGroups = [
  'auth',
  'common',
  'confirm',
  'debug',
  'errors',
  'language',
  'login',
  'menu',
  'missing',
  'progress',
  'validation',
] as const;
