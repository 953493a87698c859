/**
 * Long in-memory work on the API's event loop (a run's attendance counts and engine calls for tens of thousands of
 * employees) in slices: `await pause()` in the loop yields to other requests once `budgetMs` has passed since the last
 * yield, so `/v1/health` and every other request keep answering during a run (issue 14: health p99 under 200 ms;
 * docs/decisions/0062). A call within the budget costs one resolved promise.
 */
export function slices(budgetMs = 15): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < budgetMs) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        since = performance.now();
        resolve();
      }),
    );
  };
}
