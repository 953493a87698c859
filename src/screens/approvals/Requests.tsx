/** services → requests ("My requests"): the signed-in employee's requests and the "New request" form. */
import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { usePageTitle } from '../../page.ts';
import type { ScreenProps } from '../types.ts';
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
