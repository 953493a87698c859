/**
 * Family and emergency-contact relationships: the values family and emergency-contact records hold (the lower-cased
 * codes of the default relationships reference list, server/companies/defaults.ts), labelled
 * `enums.relationship.<value>` in every language. The server keeps the field as text, so a value outside this list
 * (an older or imported record) is shown as it is.
 *
 * Pure data: it imports nothing, so both `server/` and `src/` use it.
 */
export const relationshipValues = [
  'spouse',
  'child',
  'father',
  'mother',
  'sibling',
  'father-in-law',
  'mother-in-law',
  'grandparent',
  'relative',
  'friend',
] as const;

export type Relationship = (typeof relationshipValues)[number];
