/** A chart's data from a report's rows: figures summed per label, in the order the labels first appear. */
export function sumBy<Row>(
  rows: readonly Row[],
  label: (row: Row) => string,
  figures: Record<string, (row: Row) => number>,
): ({ label: string } & Record<string, number>)[] {
  const out = new Map<string, { label: string } & Record<string, number>>();
  for (const row of rows) {
    const key = label(row);
    let entry = out.get(key);
    if (!entry) {
      entry = { label: key } as { label: string } & Record<string, number>;
      for (const name of Object.keys(figures)) (entry as Record<string, number>)[name] = 0;
      out.set(key, entry);
    }
    for (const [name, figure] of Object.entries(figures)) {
      (entry as Record<string, number>)[name] = Math.round(((entry[name] ?? 0) + figure(row)) * 100) / 100;
    }
  }
  return [...out.values()];
}
