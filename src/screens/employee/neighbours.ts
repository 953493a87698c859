/** 'Next employee' / 'Previous employee': the neighbour of a user id in a list order, pure. */

/**
 * The user id `step` places after `current` in `order` (negative: before), or null at either end or when `current`
 * is not listed (then the first or the last of the list, so the walk can start).
 */
export function neighbour(order: readonly string[], current: string, step: 1 | -1): string | null {
  if (!order.length) return null;
  const index = order.indexOf(current);
  if (index === -1) return (step === 1 ? order[0] : order.at(-1)) ?? null;
  return order[index + step] ?? null;
}
