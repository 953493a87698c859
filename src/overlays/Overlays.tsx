import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifierTextAtom } from '../state/settings.ts';
import {
  closeTask,
  dismissToast,
  LOADING_DURATION_MS,
  LOADING_THROTTLE_MS,
  pageLoadsAtom,
  type Task,
  type TaskStatus,
  tasksAtom,
  toastsAtom,
} from './progress.ts';

/** The shared overlays of the default layout: toasts, the progress notifier, progress cards and the loading bar. */
export function Overlays() {
  return (
    <>
      <LoadingBar />
      <Notifier />
      <ProgressCards />
      <Toasts />
    </>
  );
}

function Toasts() {
  const toasts = useAtomValue(toastsAtom);
  const { t } = useTranslation();
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((item) => (
        <div key={item.id} className={`toast toast-${item.tone}`}>
          <span>{item.text}</span>
          <button
            type="button"
            className="icon-button"
            aria-label={t('common.close')}
            onClick={() => dismissToast(item.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

/** The progress notifier: the newest task that counts, with its percentage. */
function Notifier() {
  const text = useAtomValue(notifierTextAtom);
  const tasks = useAtomValue(tasksAtom);
  const { t } = useTranslation();
  const task = tasks.filter((candidate) => candidate.status === 'ongoing' && candidate.percent !== null).at(-1);
  if (!task) return null;
  return (
    <div className="notifier" role="status">
      <span>{text || t('progress.pleaseWait')}</span>
      <strong>{t('progress.percent', { percent: task.percent })}</strong>
    </div>
  );
}

const statusText = {
  ongoing: 'progress.pleaseWait',
  success: 'progress.successDefault',
  error: 'progress.errorOccured',
} as const satisfies Record<TaskStatus, string>;

function ProgressCards() {
  const tasks = useAtomValue(tasksAtom);
  const { t } = useTranslation();
  return (
    <section className="progress-cards" aria-label={t('progress.region')} aria-live="polite">
      {tasks.map((task) => (
        <ProgressCard key={task.id} task={task} />
      ))}
    </section>
  );
}

function ProgressCard({ task }: { task: Task }) {
  const { t } = useTranslation();
  const seconds = useCountdown(task.closesAt);
  return (
    <article className={`progress-card progress-${task.status}`} aria-busy={task.status === 'ongoing'}>
      <div className="progress-card-head">
        {task.name && <strong>{task.name}</strong>}
        {task.status !== 'ongoing' && (
          <button
            type="button"
            className="icon-button"
            aria-label={t('progress.close')}
            onClick={() => closeTask(task.id)}
          >
            ×
          </button>
        )}
      </div>
      <p>{task.message ?? t(statusText[task.status])}</p>
      {task.status === 'ongoing' && task.percent !== null && (
        <progress max={100} value={task.percent} aria-label={task.name || t('progress.pleaseWait')}>
          {t('progress.percent', { percent: task.percent })}
        </progress>
      )}
      {seconds !== null && <p className="muted small">{t('progress.autoClose', { n: seconds })}</p>}
    </article>
  );
}

/** Whole seconds left until `at`, ticking each second; null without a deadline. */
function useCountdown(at: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

type BarState = 'idle' | 'running' | 'done';

/** The page loading bar: appears after 200 ms of loading, creeps for up to 5000 ms, then completes. */
function LoadingBar() {
  const loads = useAtomValue(pageLoadsAtom);
  const { t } = useTranslation();
  const [state, setState] = useState<BarState>('idle');
  useEffect(() => {
    if (loads > 0) {
      const timer = setTimeout(() => setState('running'), LOADING_THROTTLE_MS);
      return () => clearTimeout(timer);
    }
    setState((current) => (current === 'running' ? 'done' : 'idle'));
    const timer = setTimeout(() => setState('idle'), 300);
    return () => clearTimeout(timer);
  }, [loads]);
  if (state === 'idle') return null;
  return (
    <div
      className={`loading-bar loading-${state}`}
      role="progressbar"
      aria-label={t('progress.loading')}
      style={{ animationDuration: `${LOADING_DURATION_MS}ms` }}
    />
  );
}
