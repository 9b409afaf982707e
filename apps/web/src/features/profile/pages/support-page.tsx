import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDeviceLayout } from '../../../shared/layout/device-context';
import { paths } from '../../../shared/navigation/paths';
import { useSession } from '../../../shared/session/session-store';
import { Button } from '../../../shared/ui/button';
import { Icon } from '../../../shared/ui/icons';
import { TextField } from '../../../shared/ui/text-field';
import { supportApi } from '../api/support.api';
import { ProfileFrame, ProfileHeading } from '../components/profile-heading';
import { SupportChat } from '../components/support-chat';
import { errorCode, useErrorText } from '../components/use-error-text';
import { loginRedirect } from '../components/require-login';

/**
 * /profile/kefu: online support. Signed in, the customer's one conversation with support, live;
 * a visitor leaves a message with an email address and is answered by mail.
 */
export default function SupportPage() {
  const { t } = useTranslation('profile');
  const { token } = useSession();
  const phone = useDeviceLayout() === 'mobile';
  return (
    <ProfileFrame>
      <title>{t('support.documentTitle')}</title>
      {/* On a phone the chat takes the screen (the lead would push the composer out of sight); a
          visitor's form explains itself. */}
      <ProfileHeading
        title={t('support.title')}
        lead={token && !phone ? t('support.lead') : undefined}
        back={Boolean(token)}
      />
      {token ? <SupportChat /> : <VisitorForm />}
    </ProfileFrame>
  );
}

function VisitorForm() {
  const { t } = useTranslation('profile');
  const errorText = useErrorText();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [state, setState] = useState<
    { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; error: unknown }
  >({ kind: 'idle' });
  const [touched, setTouched] = useState(false);

  const emailValid = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
  const textValid = text.trim().length > 0 && text.trim().length <= 2000;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!emailValid || !textValid) return;
    setState({ kind: 'sending' });
    try {
      await supportApi.leave({
        email: email.trim(),
        text,
        ...(name.trim() ? { name: name.trim() } : {}),
      });
      setState({ kind: 'sent' });
    } catch (error) {
      setState({ kind: 'failed', error });
    }
  };

  if (state.kind === 'sent') {
    return (
      <section
        data-testid="support-visitor-sent"
        className="flex flex-col items-start gap-3 rounded-2xl border border-line bg-surface p-5"
        role="status"
      >
        <Icon name="check" className="size-8 text-success" />
        <h2 className="text-lg font-semibold">{t('support.visitor.sentTitle')}</h2>
        <p className="text-muted">{t('support.visitor.sentBody', { email: email.trim() })}</p>
      </section>
    );
  }

  const failure = state.kind === 'failed' ? state.error : null;
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-5"
      data-testid="support-visitor-form"
    >
      <p className="text-sm text-muted">
        {t('support.visitor.intro')}{' '}
        <Link
          to={loginRedirect({ pathname: paths.support, search: '' })}
          className="font-medium text-link hover:underline"
        >
          {t('support.visitor.signIn')}
        </Link>
      </p>
      <TextField
        label={t('support.visitor.email')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={
          touched && !emailValid
            ? t('support.visitor.emailInvalid')
            : errorCode(failure) === 10168
              ? errorText(failure)
              : undefined
        }
      />
      <TextField
        label={t('support.visitor.name')}
        autoComplete="name"
        maxLength={60}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        {t('support.visitor.message')}
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={5}
          maxLength={2000}
          dir="auto"
          aria-invalid={touched && !textValid}
          className="rounded-lg border border-line bg-canvas px-3 py-2 text-base font-normal outline-none focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-focus/40"
        />
        {touched && !textValid ? (
          <span className="text-sm font-normal text-danger">{t('support.empty')}</span>
        ) : null}
      </label>
      {failure && errorCode(failure) !== 10168 ? (
        <p role="alert" className="text-sm text-danger">
          {errorText(failure)}
        </p>
      ) : null}
      <Button type="submit" disabled={state.kind === 'sending'} className="self-start">
        {state.kind === 'sending' ? t('support.sending') : t('support.visitor.submit')}
      </Button>
    </form>
  );
}
