/** A locale file's public groups (scripts/publicLabels.ts): `public-labels:en`. */
declare module 'public-labels:*' {
  const labels: Record<string, unknown>;
  export default labels;
}
