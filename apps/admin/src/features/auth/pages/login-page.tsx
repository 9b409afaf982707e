import type { LoginStep } from '@swx/contract';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { t } from '../../../i18n/translate';
import { sessionStore } from '../../../shared/session/session-store';
import { useSession } from '../../../shared/session/use-session';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { AuthCard } from '../components/auth-card';
import { CredentialsForm } from '../components/credentials-form';
import { TotpForm } from '../components/totp-form';

/**
 * Where to go after signing in: back where the session ended, but never off-site and never to a
 * sign-in step.
 */
function returnPath(state: unknown): string {
  const from =
    typeof state === 'object' && state !== null && 'from' in state ? state.from : undefined;
  const usable =
    typeof from === 'string' &&
    from.startsWith('/') &&
    !from.startsWith('//') &&
    !['/login', '/change-password'].includes(from);
  return usable ? from : '/';
}

export function LoginPage() {
  const { token, me, expired } = useSession();
  const location = useLocation();
  const [step, setStep] = useState<LoginStep>();
  const [username, setUsername] = useState('');

  const title =
    step?.step === 'enroll'
      ? t('auth.enroll.title')
      : step?.step === 'totp'
        ? t('auth.totp.title')
        : t('auth.signIn.title');
  useDocumentTitle(title);

  if (token && me) {
    return (
      <Navigate
        to={me.mustChangePassword ? '/change-password' : returnPath(location.state)}
        replace
      />
    );
  }
  // A token without a profile: the session gate asks the server who it belongs to.
  if (token) return <Navigate to="/" replace />;

  const description =
    step?.step === 'enroll'
      ? t('auth.enroll.description')
      : step?.step === 'totp'
        ? t('auth.totp.description')
        : t('auth.signIn.description');

  return (
    <AuthCard title={title} description={description}>
      {expired && !step ? (
        <InlineAlert tone="warning" className="mb-4">
          {t('session.ended')}
        </InlineAlert>
      ) : null}
      {step ? (
        <TotpForm
          key={step.challenge}
          step={step}
          onSignedIn={(newToken, profile) => sessionStore.signIn(newToken, profile)}
          onRestart={() => setStep(undefined)}
        />
      ) : (
        <CredentialsForm
          initialUsername={username}
          onStep={(next, name) => {
            setUsername(name);
            setStep(next);
          }}
        />
      )}
    </AuthCard>
  );
}
