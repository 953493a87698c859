/** services → requests ("My requests"): the signed-in employee's requests and the "New request" form. */
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../page.ts';
import type { ScreenProps } from '../registry.ts';
import { ScreenHeader } from '../ScreenHeader.tsx';
import { OwnRequests } from './OwnRequests.tsx';

export default function Requests({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  usePageTitle(title);
  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <p className="hint">{t('approvals.mine.hint')}</p>
      <OwnRequests />
    </>
  );
}
