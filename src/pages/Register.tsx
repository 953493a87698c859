import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { canAccess } from '../../common/menu.ts';
import { type ApiError, api, call, toApiError } from '../api/client.ts';
import { AuthCard, TextField } from '../components/AuthCard.tsx';
import { viewerOf } from '../menu/index.ts';
import { toast } from '../overlays/progress.ts';
import { useSession } from '../session.ts';
import { describeFailure } from '../validation.ts';
import { Activation } from './Verification.tsx';

interface Values {
  fullname: string;
  username: string;
  email: string;
  phone: string;
  password: string;
  companyName: string;
  companyCode: string;
  companyPhone: string;
  companyAddress: string;
}

const empty: Values = {
  fullname: '',
  username: '',
  email: '',
  phone: '',
  password: '',
  companyName: '',
  companyCode: '',
  companyPhone: '',
  companyAddress: '',
};

/** Empty optional texts are left out: the API validates what is sent. */
const optional = (value: string) => (value.trim() ? value.trim() : undefined);

/**
 * Registration: a company and its admin, created when the emailed link is verified. With `?developer=1` (the
 * developer add form) it creates a developer instead, for a signed-in developer; with `?developer=1&activation=` (the
 * link of the developer list's invitation) the invited developer chooses their own password there.
 */
export default function Register() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const developer = query.get('developer') === '1' || query.get('developer') === 'true';
  const session = useSession();
  const [values, setValues] = useState<Values>(empty);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ApiError | null>(null);

  const activation = query.get('activation');
  const mayAddDevelopers = session.status === 'signed-in' && canAccess('developer', viewerOf(session.user), 'write');
  // The developer add form's invitation (spec 2.2's hidden redirect): the invited developer chooses their password.
  if (developer && activation !== null) return <Activation token={activation} />;
  if (developer && session.status === 'loading') return null;
  if (developer && !mayAddDevelopers) {
    return (
      <AuthCard title={t('auth.register.developerTitle')}>
        <p role="alert" className="form-error">
          {t('auth.register.developerNeedsSignIn')}
        </p>
      </AuthCard>
    );
  }

  const { fields, general } = describeFailure(t, failure);
  const field = (name: keyof Values) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    const account = {
      fullname: values.fullname.trim(),
      username: values.username.trim(),
      email: values.email.trim(),
      phone: optional(values.phone),
      password: values.password,
    };
    try {
      if (developer) {
        const { data } = await call(api.POST('/v1/auth/register', { body: { ...account, developer: true } }));
        toast(
          t('auth.register.developerCreated', { username: 'username' in data ? data.username : account.username }),
          'success',
        );
        navigate('/dashboard/developer');
        return;
      }
      const { data } = await call(
        api.POST('/v1/auth/register', {
          body: {
            ...account,
            company: {
              name: values.companyName.trim(),
              code: values.companyCode.trim().toUpperCase(),
              phone: optional(values.companyPhone),
              address: optional(values.companyAddress),
            },
          },
        }),
      );
      const sent = 'email' in data ? data : { email: account.email };
      navigate('/completion', { state: { email: sent.email } });
    } catch (reason) {
      setFailure(toApiError(reason));
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title={developer ? t('auth.register.developerTitle') : t('auth.register.title')}
      subtitle={developer ? t('auth.register.developerSubtitle') : t('auth.register.subtitle')}
    >
      <form onSubmit={submit} noValidate>
        <fieldset>
          <legend>{t('auth.register.account')}</legend>
          <TextField
            label={t('auth.register.fullname')}
            autoComplete="name"
            required
            {...field('fullname')}
            error={fields.fullname}
          />
          <TextField
            label={t('auth.register.username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            {...field('username')}
            error={fields.username}
          />
          <TextField
            label={t('auth.register.email')}
            type="email"
            autoComplete="email"
            required
            {...field('email')}
            error={fields.email}
          />
          <TextField
            label={`${t('auth.register.phone')} (${t('common.optional')})`}
            type="tel"
            autoComplete="tel"
            {...field('phone')}
            error={fields.phone}
          />
          <TextField
            label={t('auth.register.password')}
            type="password"
            autoComplete="new-password"
            required
            {...field('password')}
            error={fields.password}
          />
        </fieldset>
        {!developer && (
          <fieldset>
            <legend>{t('auth.register.company')}</legend>
            <TextField
              label={t('auth.register.companyName')}
              autoComplete="organization"
              required
              {...field('companyName')}
              error={fields['company.name'] ?? fields.company}
            />
            <TextField
              label={t('auth.register.companyCode')}
              hint={t('auth.register.companyCodeHint')}
              autoCapitalize="characters"
              spellCheck={false}
              required
              {...field('companyCode')}
              error={fields['company.code']}
            />
            <TextField
              label={`${t('auth.register.companyPhone')} (${t('common.optional')})`}
              type="tel"
              {...field('companyPhone')}
              error={fields['company.phone']}
            />
            <TextField
              label={`${t('auth.register.companyAddress')} (${t('common.optional')})`}
              autoComplete="street-address"
              {...field('companyAddress')}
              error={fields['company.address']}
            />
          </fieldset>
        )}
        {general && (
          <p className="form-error" role="alert">
            {general}
          </p>
        )}
        <button type="submit" className="primary" disabled={busy}>
          {developer ? t('auth.register.developerSubmit') : t('auth.register.submit')}
        </button>
      </form>
      {developer && (
        <p className="footer-link">
          <Link to="/dashboard/developer">{t('menu.developer')}</Link>
        </p>
      )}
    </AuthCard>
  );
}
