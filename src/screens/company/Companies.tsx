import './company.css';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, call, type Schemas, toApiError } from '../../api/client.ts';
import { afterPalette } from '../../commands/afterPalette.ts';
import { useCommands } from '../../commands/registry.ts';
import type { Command } from '../../commands/types.ts';
import { LoadStatus } from '../../components/ErrorPage.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { useCanWrite } from '../../menu/access.ts';
import { toast } from '../../overlays/progress.ts';
import { impersonate } from '../../session.ts';
import { describeFailure } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';

type Company = Schemas['Company'];

type Load = { state: 'loading' } | { state: 'ready'; rows: readonly Company[] } | { state: 'failed'; error: ApiError };

const adminName = (company: Company) =>
  typeof company.admin === 'object' && company.admin ? company.admin.fullname : null;

/**
 * The developer's companies screen (spec 2.2): the list with "Log in as admin" (which keeps the developer's own token
 * for "Back to developer") and "Assign admin" per company, and the add form (name, code, phone, website, email,
 * address). Assigning opens a panel below the list: pick one of the company's people, or invite a new admin by email.
 * Every form finishes with Enter; the palette's "Add a company" moves to the add form.
 */
export default function Companies({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [assigning, setAssigning] = useState<Company | null>(null);
  const canWrite = useCanWrite(entry.id);
  const addFirst = useRef<HTMLInputElement>(null);
  const commands = useMemo<Command[]>(
    () => [
      {
        id: 'companies:add',
        label: 'companies.add',
        keywords: ['add', 'new', 'company', 'tambah', 'perusahaan', '新增', '公司'],
        group: 'context',
        isVisible: () => canWrite,
        isEnabled: () => true,
        run: () => afterPalette(() => addFirst.current?.focus()),
      },
    ],
    [canWrite],
  );
  useCommands(commands, [commands]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt ("Try again") loads the list again.
  useEffect(() => {
    let current = true;
    setLoad({ state: 'loading' });
    call(api.GET('/v1/companies', { params: { query: { populate: 'admin', sort: 'name', limit: 1000 } } })).then(
      ({ data }) => current && setLoad({ state: 'ready', rows: data }),
      (reason: unknown) => current && setLoad({ state: 'failed', error: toApiError(reason) }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  async function logInAs(company: Company) {
    setBusy(company._id);
    try {
      await impersonate(company._id);
    } catch {
      // The API client already raised an error notification with the server's message.
      setBusy(null);
    }
  }

  return (
    <>
      <ScreenHeader trail={trail} title={t(entry.titleKey)} />
      {canWrite && <AddCompany firstRef={addFirst} onAdded={() => setAttempt((n) => n + 1)} />}
      <LoadStatus
        load={load}
        retry={() => setAttempt((n) => n + 1)}
        failure={(error) => (
          <p className="form-error" role="alert">
            {error.message}
          </p>
        )}
      />
      {load.state === 'ready' && (
        <div className="table-wrap">
          <table className="table">
            <caption>{t('companies.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('companies.name')}</th>
                <th scope="col">{t('companies.code')}</th>
                <th scope="col">{t('companies.admin')}</th>
                <th scope="col">{t('companies.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {load.rows.length === 0 && (
                <tr>
                  <td colSpan={4} className="muted">
                    {t('companies.empty')}
                  </td>
                </tr>
              )}
              {load.rows.map((company) => {
                const admin = adminName(company);
                return (
                  <tr key={company._id}>
                    <th scope="row">{company.name}</th>
                    <td>{company.code}</td>
                    <td>{admin ?? <span className="muted">{t('companies.noAdmin')}</span>}</td>
                    <td>
                      <button
                        type="button"
                        disabled={!admin || busy !== null}
                        aria-label={t('companies.loginAsNamed', { name: company.name })}
                        onClick={() => void logInAs(company)}
                      >
                        {busy === company._id ? t('companies.loggingIn') : t('companies.loginAs')}
                      </button>{' '}
                      {canWrite && (
                        <button
                          type="button"
                          aria-label={t('companies.assignNamed', { name: company.name })}
                          onClick={() => setAssigning(company)}
                        >
                          {t('companies.assign')}
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {assigning && (
        <AssignAdmin
          key={assigning._id}
          company={assigning}
          onClose={() => setAssigning(null)}
          onAssigned={() => {
            setAssigning(null);
            setAttempt((n) => n + 1);
          }}
        />
      )}
    </>
  );
}

const emptyCompany = { name: '', code: '', phone: '', website: '', email: '', address: '' };
type CompanyField = keyof typeof emptyCompany;
const companyFields: readonly [CompanyField, string][] = [
  ['name', 'text'],
  ['code', 'text'],
  ['phone', 'tel'],
  ['website', 'url'],
  ['email', 'email'],
  ['address', 'text'],
];

function AddCompany({
  firstRef,
  onAdded,
}: {
  firstRef: React.RefObject<HTMLInputElement | null>;
  onAdded: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState(emptyCompany);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const { fields, general } = describeFailure(t, failure);
  const labels: Record<CompanyField, string> = {
    name: t('companies.form.name'),
    code: t('companies.form.code'),
    phone: t('companies.form.phone'),
    website: t('companies.form.website'),
    email: t('companies.form.email'),
    address: t('companies.form.address'),
  };
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    const optional = (value: string) => value.trim() || null;
    try {
      const { data } = await call(
        api.POST('/v1/companies', {
          body: {
            name: values.name.trim(),
            code: values.code.trim().toUpperCase(),
            phone: optional(values.phone),
            website: optional(values.website),
            email: optional(values.email),
            address: optional(values.address),
          },
        }),
      );
      toast(t('companies.added', { name: data.name }), 'success');
      setValues(emptyCompany);
      onAdded();
    } catch (reason) {
      setFailure(toApiError(reason));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="company-add" aria-label={t('companies.add')} onSubmit={submit} noValidate>
      {companyFields.map(([name, type]) => (
        <label key={name} className="company-field">
          {labels[name]}
          <input
            ref={name === 'name' ? firstRef : undefined}
            name={name}
            type={type}
            required={name === 'name' || name === 'code'}
            value={values[name]}
            aria-invalid={fields[name] ? true : undefined}
            onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
          />
          {fields[name] && <span className="form-error">{fields[name]}</span>}
        </label>
      ))}
      <button type="submit" disabled={busy}>
        {t('companies.add')}
      </button>
      {general && (
        <p role="alert" className="form-error">
          {general}
        </p>
      )}
    </form>
  );
}

type Candidate = Schemas['AdminCandidate'];

function AssignAdmin({
  company,
  onClose,
  onAssigned,
}: {
  company: Company;
  onClose: () => void;
  onAssigned: () => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [candidates, setCandidates] = useState<readonly Candidate[]>([]);
  const [chosen, setChosen] = useState('');
  const [invite, setInvite] = useState({ fullname: '', email: '' });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const { fields, general } = describeFailure(t, failure);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      call(
        api.GET('/v1/companies/{id}/admin-candidates', {
          params: { path: { id: company._id }, query: search.trim() ? { search: search.trim() } : {} },
        }),
      ).then(
        ({ data }) => {
          if (!current) return;
          setCandidates(data);
          setChosen((was) => (data.some((c) => c.user === was) ? was : (data[0]?.user ?? '')));
        },
        (reason: unknown) => current && setFailure(toApiError(reason)),
      );
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [company._id, search]);

  async function assign(body: { user: string } | { invite: { fullname: string; email: string } }) {
    setBusy(true);
    setFailure(null);
    try {
      const { data } = await call(api.PUT('/v1/companies/{id}/admin', { params: { path: { id: company._id } }, body }));
      toast(
        t(data.invited ? 'companies.invitedAdmin' : 'companies.assignedAdmin', {
          name: data.admin.fullname,
          company: company.name,
        }),
        'success',
      );
      onAssigned();
    } catch (reason) {
      setFailure(toApiError(reason));
      setBusy(false);
    }
  }

  return (
    <section
      className="company-assign"
      aria-labelledby="company-assign-title"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <h2 id="company-assign-title" ref={heading} tabIndex={-1}>
        {t('companies.assignTitle', { name: company.name })}
      </h2>
      <form
        aria-label={t('companies.pickTitle')}
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen) void assign({ user: chosen });
        }}
      >
        <h3>{t('companies.pickTitle')}</h3>
        <label className="company-field">
          {t('companies.searchPeople')}
          <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </label>
        <label className="company-field">
          {t('companies.person')}
          <select value={chosen} onChange={(event) => setChosen(event.target.value)}>
            {candidates.map((candidate) => (
              <option key={candidate.user} value={candidate.user}>
                {candidate.fullname} · {candidate.employee_id} ({candidate.username})
              </option>
            ))}
          </select>
        </label>
        {candidates.length === 0 && <p className="muted">{t('companies.noPeople')}</p>}
        <button type="submit" disabled={busy || !chosen}>
          {t('companies.makeAdmin')}
        </button>
      </form>
      <form
        aria-label={t('companies.inviteTitle')}
        onSubmit={(event) => {
          event.preventDefault();
          void assign({ invite: { fullname: invite.fullname.trim(), email: invite.email.trim() } });
        }}
        noValidate
      >
        <h3>{t('companies.inviteTitle')}</h3>
        <label className="company-field">
          {t('companies.form.fullname')}
          <input
            value={invite.fullname}
            onChange={(event) => setInvite((current) => ({ ...current, fullname: event.target.value }))}
          />
        </label>
        <label className="company-field">
          {t('companies.form.email')}
          <input
            type="email"
            value={invite.email}
            aria-invalid={fields['invite.email'] ? true : undefined}
            onChange={(event) => setInvite((current) => ({ ...current, email: event.target.value }))}
          />
          {fields['invite.email'] && <span className="form-error">{fields['invite.email']}</span>}
        </label>
        <button type="submit" disabled={busy}>
          {t('companies.sendInvite')}
        </button>
      </form>
      {(general || fields.user) && (
        <p role="alert" className="form-error">
          {general ?? fields.user}
        </p>
      )}
      <button type="button" onClick={onClose}>
        {t('companies.close')}
      </button>
    </section>
  );
}
