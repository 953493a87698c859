/** Pieces the access-level screens share. */
import { useTranslation } from 'react-i18next';
import { Modal } from '../../grids/dialogs.tsx';

/** "Take the level away from Budi Santoso?": Enter answers yes (the default button), Escape or No keeps it. */
export function ConfirmRevoke({
  name,
  onCancel,
  onConfirm,
}: {
  name: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal title={t('access.holders.removeQuestion', { name })} onCancel={onCancel} role="alertdialog" focusDefault>
      <p>{t('access.holders.removeDetail')}</p>
      <div className="dialog-actions">
        <button type="button" onClick={onCancel}>
          {t('confirm.no')}
        </button>
        <button type="button" className="danger" data-default onClick={onConfirm}>
          {t('access.holders.remove')}
        </button>
      </div>
    </Modal>
  );
}
