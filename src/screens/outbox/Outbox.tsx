/**
 * outbox (developer area): the mail the server kept instead of sending (no SMTP server configured), newest first, as
 * a read-only grid: who it was for, the subject, the link it carries and when.
 */

import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { ResourceGrid } from '../../grids/ResourceGrid.tsx';
import { outboxGrid } from '../../grids/specs/outbox.ts';
import type { ScreenProps } from '../types.ts';

export default function Outbox({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <ResourceGrid spec={outboxGrid} title={title} canWrite={false} />
    </>
  );
}
