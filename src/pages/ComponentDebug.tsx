import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '../components/AuthCard.tsx';
import { startTask, toast } from '../overlays/progress.ts';

/** Runs a fake task that counts to 100 % and then succeeds or fails, to try the overlays by hand. */
function runDemoTask(name: string, fail: boolean) {
  const task = startTask(name);
  let percent = 0;
  const timer = setInterval(() => {
    percent += 20;
    task.update(percent);
    if (percent >= 100) {
      clearInterval(timer);
      if (fail) task.fail();
      else task.succeed();
    }
  }, 400);
}

/** `/component-debug`: the shared overlays, on demand. */
export default function ComponentDebug() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('debug.title')} subtitle={t('debug.intro')}>
      <div className="stack">
        <button type="button" onClick={() => toast(t('debug.toastText'))}>
          {t('debug.toast')}
        </button>
        <button type="button" onClick={() => runDemoTask(t('debug.taskName'), false)}>
          {t('debug.task')}
        </button>
        <button type="button" onClick={() => runDemoTask(t('debug.taskName'), true)}>
          {t('debug.taskFail')}
        </button>
        <Link to="/component-debug/mammoth-test">{t('debug.mammoth')}</Link>
      </div>
    </AuthCard>
  );
}
