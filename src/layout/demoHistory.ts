/**
 * The demo history's progress card (docs/decisions/0080): after a fresh start the server answers with the demo's
 * core (companies, logins, employees) and writes its history (a year of attendance, payroll runs, requests, loans)
 * step by step. While it does, a signed-in user sees a progress card saying the lists are still filling, updated
 * every few seconds, and told when it is done. Nothing shows on a database without a demo history (`total` 0).
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api, call } from '../api/client.ts';
import { closeTask, startTask } from '../overlays/progress.ts';

const POLL_MS = 3000;

export function useDemoHistoryProgress(signedIn: boolean) {
  const { t } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per sign-in; the card keeps its first language.
  useEffect(() => {
    if (!signedIn) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let task: ReturnType<typeof startTask> | null = null;
    const poll = async () => {
      let progress: { done: number; total: number };
      try {
        progress = (await call(api.GET('/v1/demo-history'))).data;
      } catch {
        task?.fail(t('demoHistory.unknown'));
        return;
      }
      if (stopped) return;
      if (progress.done >= progress.total) {
        task?.succeed(t('demoHistory.done'));
        return;
      }
      task ??= startTask(t('demoHistory.filling'));
      task.update((progress.done / progress.total) * 100);
      timer = setTimeout(poll, POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
      // Signed out meanwhile: the card goes with the session.
      if (task) closeTask(task.id, true);
    };
  }, [signedIn]);
}
