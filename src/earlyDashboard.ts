/**
 * Home's one request (`GET /v1/dashboard`), started with the page by `early.ts` and taken by home's first load. Its own
 * module, so home does not import `early.ts` (which loads the shell, which lists home: an import circle).
 */
import { api, call } from './api/client.ts';

type DashboardReply = Awaited<ReturnType<typeof fetchDashboard>>;
const fetchDashboard = () => call(api.GET('/v1/dashboard'));
let dashboard: Promise<DashboardReply> | null = null;

export function startDashboard(): void {
  dashboard = fetchDashboard();
  dashboard.catch(() => {}); // its failure is reported where it is taken
}

/** Home's first load takes the request started with the page, once; later loads ask anew. */
export function takeDashboard(): Promise<DashboardReply> {
  const early = dashboard;
  dashboard = null;
  return early ?? fetchDashboard();
}
