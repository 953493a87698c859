/**
 * portal → id-card (admin): the card customiser. Which fields each side shows (logo, photo, name, employee number,
 * job title, department, QR code of the employee number), the colours and a note on the back, with a live preview;
 * saved for the company. Printing makes one PDF of CR80 cards on A4 sheets with crop marks, as a job on the progress
 * card: the chosen employees, or every active employee of the company.
 */
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, call, toApiError } from '../../api/client.ts';
import { downloadJobFile } from '../../api/jobs.ts';
import { payslipLanguage } from '../../api/payslips.ts';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { useCanWrite } from '../../menu/access.ts';
import { errorText } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';
import { AudienceEditor } from './Audience.tsx';
import { inline, raw } from './usePortalRows.ts';
import './portal.css';

const fields = ['logo', 'photo', 'name', 'employee_id', 'job_title', 'department', 'qr'] as const;
type CardField = (typeof fields)[number];
type Side = 'front' | 'back';
interface Design {
  front: CardField[];
  back: CardField[];
  background: string;
  accent: string;
  text: string;
  note: string;
  version?: number;
}

const fieldLabels = {
  logo: 'portal.idCard.fields.logo',
  photo: 'portal.idCard.fields.photo',
  name: 'portal.idCard.fields.name',
  employee_id: 'portal.idCard.fields.employee_id',
  job_title: 'portal.idCard.fields.job_title',
  department: 'portal.idCard.fields.department',
  qr: 'portal.idCard.fields.qr',
} as const satisfies Record<CardField, string>;
const sideLabels = { front: 'portal.idCard.front', back: 'portal.idCard.back' } as const satisfies Record<Side, string>;
const colourLabels = {
  background: 'portal.idCard.colours.background',
  accent: 'portal.idCard.colours.accent',
  text: 'portal.idCard.colours.text',
} as const;

const sample = { fullname: 'Budi Santoso', employee_id: 'EMP-0042', job_title: 'Sales Executive', department: 'Sales' };

export default function IdCard({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  const canWrite = useCanWrite(entry.id);
  const [design, setDesign] = useState<Design | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [status, setStatus] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [qr, setQr] = useState('');

  useEffect(() => {
    let current = true;
    call<{ data: Design }>(raw.GET('/v1/id-card/design', { headers: inline })).then(
      ({ data }: { data: Design }) => current && setDesign(data),
      (reason: unknown) => current && setError(toApiError(reason)),
    );
    void QRCode.toDataURL(sample.employee_id, { margin: 1, width: 160 }).then((url) => current && setQr(url));
    return () => {
      current = false;
    };
  }, []);

  if (!design) {
    return (
      <>
        <ScreenHeader trail={trail} title={title} />
        {error && (
          <p role="alert" className="error">
            {errorText(t, error)}
          </p>
        )}
      </>
    );
  }

  const toggle = (side: Side, field: CardField) =>
    setDesign({
      ...design,
      [side]: design[side].includes(field)
        ? design[side].filter((f) => f !== field)
        : fields.filter((f) => f === field || design[side].includes(f)),
    });

  const saveDesign = async () => {
    setError(null);
    try {
      const { version: _, ...body } = design;
      const { data } = await call<{ data: Design }>(raw.PUT('/v1/id-card/design', { body, headers: inline }));
      setDesign(data as Design);
      setStatus(t('portal.saved'));
    } catch (reason) {
      setError(toApiError(reason));
    }
  };

  const print = () =>
    downloadJobFile(
      async () =>
        (
          await call<{ data: { job_id: string } }>(
            raw.POST('/v1/id-card/print', {
              body: { ...(chosen.length ? { employees: chosen } : {}), lang: payslipLanguage() },
              headers: inline,
            }),
          )
        ).data.job_id as string,
      `${t('portal.idCard.fileName')}.pdf`,
      { task: t('portal.idCard.printing'), done: t('portal.idCard.printed') },
    );

  const card = (side: Side) => (
    <figure
      className="idcard"
      aria-label={t(sideLabels[side])}
      style={
        {
          '--card-accent': design.accent,
          '--card-background': design.background,
          '--card-text': design.text,
        } as React.CSSProperties
      }
    >
      {design[side].map((field) => {
        const parts = {
          logo: () => <strong className="idcard-accent">{t('portal.idCard.logo')}</strong>,
          photo: () => <div className="idcard-photo" />,
          name: () => <span className="idcard-name">{sample.fullname}</span>,
          employee_id: () => <span>{sample.employee_id}</span>,
          job_title: () => <span className="idcard-accent">{sample.job_title}</span>,
          department: () => <span>{sample.department}</span>,
          qr: () => (qr ? <img src={qr} alt={t(fieldLabels.qr)} /> : null),
        } satisfies Record<CardField, () => React.ReactNode>;
        return <div key={field}>{parts[field]()}</div>;
      })}
      {side === 'back' && design.note && <small>{design.note}</small>}
    </figure>
  );

  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <div className="idcard-layout">
        <form
          className="portal-panel"
          aria-label={t('portal.idCard.design')}
          onSubmit={(event) => {
            event.preventDefault();
            void saveDesign();
          }}
        >
          {(['front', 'back'] as const).map((side) => (
            <fieldset key={side} className="portal-target">
              <legend>{t(sideLabels[side])}</legend>
              {fields.map((field) => (
                <label key={field} style={{ display: 'block' }}>
                  <input
                    type="checkbox"
                    checked={design[side].includes(field)}
                    disabled={!canWrite}
                    onChange={() => toggle(side, field)}
                  />{' '}
                  {t(fieldLabels[field])}
                </label>
              ))}
            </fieldset>
          ))}
          {(['background', 'accent', 'text'] as const).map((colour) => (
            <label key={colour} className="portal-field">
              <span>{t(colourLabels[colour])}</span>
              <input
                type="color"
                value={design[colour]}
                disabled={!canWrite}
                onChange={(event) => setDesign({ ...design, [colour]: event.target.value })}
              />
            </label>
          ))}
          <label className="portal-field">
            <span>{t('portal.idCard.note')}</span>
            <input
              type="text"
              maxLength={200}
              value={design.note}
              disabled={!canWrite}
              onChange={(event) => setDesign({ ...design, note: event.target.value })}
            />
          </label>
          {canWrite && (
            <p>
              <button type="submit" className="primary">
                {t('portal.idCard.save')}
              </button>
            </p>
          )}
        </form>
        <section className="portal-panel" aria-labelledby="idcard-preview-title">
          <h2 id="idcard-preview-title">{t('portal.idCard.preview')}</h2>
          <div className="idcard-preview">
            {card('front')}
            {card('back')}
          </div>
          <h2>{t('portal.idCard.print')}</h2>
          <AudienceEditor
            lists={['employees']}
            targets={{ employees: chosen }}
            canWrite
            onChange={(_, ids) => setChosen(ids)}
          />
          <p>
            <button type="button" className="primary" onClick={() => void print()}>
              {chosen.length ? t('portal.idCard.printChosen', { count: chosen.length }) : t('portal.idCard.printAll')}
            </button>
          </p>
        </section>
      </div>
      <p role="status" className="muted">
        {status}
      </p>
      {error && (
        <p role="alert" className="error">
          {errorText(t, error)}
        </p>
      )}
    </>
  );
}
