/** The rows of a portal list for the panel beside its grid, reloaded after the grid or the panel writes. */
import { useCallback, useEffect, useState } from 'react';
import { type ApiError, api, call, INLINE_ERRORS_HEADER, toApiError } from '../../api/client.ts';
import { announceRowChanged, onListWritten } from '../../grids/api.ts';

export const inline = { [INLINE_ERRORS_HEADER]: '1' };
// biome-ignore lint/suspicious/noExplicitAny: the three portal lists share the generic list and update shapes.
export const raw = api as any;

export function usePortalRows<R extends { _id: string; version: number }>(
  path: string,
  sort: string,
  populate?: string,
) {
  const [rows, setRows] = useState<R[]>([]);
  const [error, setError] = useState<ApiError | null>(null);
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` reloads after a write.
  useEffect(() => {
    let current = true;
    call<{ data: R[] }>(
      raw.GET(path, { params: { query: { limit: 10_000, sort, ...(populate ? { populate } : {}) } }, headers: inline }),
    ).then(
      ({ data }: { data: R[] }) => current && setRows(data),
      (reason: unknown) => current && setError(toApiError(reason)),
    );
    return () => {
      current = false;
    };
  }, [path, sort, populate, attempt]);
  useEffect(() => onListWritten(path, reload), [path, reload]);

  /** Saves changes of one row with its version; the rows reload either way. */
  const save = useCallback(
    async (row: R, changes: Record<string, unknown>) => {
      setError(null);
      try {
        await call(
          raw.PUT(`${path}/{id}`, {
            params: { path: { id: row._id } },
            body: { ...changes, version: row.version },
            headers: inline,
          }),
        );
        announceRowChanged(path, row._id);
        return true;
      } catch (reason) {
        setError(toApiError(reason));
        return false;
      } finally {
        reload();
      }
    },
    [path, reload],
  );
  return { rows, error, setError, save, reload };
}
