import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { currentLocale } from '../../../shared/i18n/i18n';
import { paths } from '../../../shared/navigation/paths';
import { Button, buttonClass } from '../../../shared/ui/button';
import { Icon } from '../../../shared/ui/icons';
import { fetchLoginMethods } from '../api/auth.api';
import { withReturnPath } from '../auth-redirect';
import { startGoogleSignIn } from '../google-sign-in';

/** Google's "G" (its sign-in buttons carry it), decorative beside the text. */
function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" className="size-5 shrink-0" aria-hidden="true" focusable="false">
      <path
        fill="#FFC107"
        d="M43.6 20.1H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 8 3l5.7-5.7C34 6.1 29.3 4 24 4 13 4 4 13 4 24s9 20 20 20 20-9 20-20c0-1.3-.1-2.6-.4-3.9z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 8 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2A11.9 11.9 0 0 1 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.1H42V20H24v8h11.3a12 12 0 0 1-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.6-.4-3.9z"
      />
    </svg>
  );
}

/**
 * Google and wallet sign-in, each shown only when the server offers it (`loginMethods`). Google
 * leaves for Google's page and comes back to /api/loginCallback/google.
 */
export function OtherSignIn({ returnPath }: { returnPath: string }) {
  const { t } = useTranslation('auth');
  const methods = useApiQuery('auth/login-methods', fetchLoginMethods, { silent: true });
  const [leaving, setLeaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const google = methods.data?.google ?? null;
  const wallet = methods.data?.wallet === true;
  if (!google && !wallet) return null;

  const continueWithGoogle = () => {
    if (!google) return;
    try {
      const url = startGoogleSignIn({
        authorizeUrl: google.authorizeUrl,
        clientId: google.clientId,
        origin: window.location.origin,
        locale: currentLocale(),
        returnPath,
      });
      setLeaving(true);
      window.location.assign(url);
    } catch (error) {
      // A bad authorizeUrl from the server, or no sessionStorage (the state could not be kept).
      console.warn('Google sign-in could not start', error);
      setFailed(true);
    }
  };

  return (
    <section aria-labelledby="other-sign-in" className="flex flex-col gap-3" data-other-sign-in="">
      <div className="flex items-center gap-3 text-sm text-muted">
        <span className="h-px flex-1 bg-line" aria-hidden="true" />
        <h2 id="other-sign-in" className="font-normal">
          {t('other.title')}
        </h2>
        <span className="h-px flex-1 bg-line" aria-hidden="true" />
      </div>
      {google ? (
        <Button
          variant="secondary"
          size="lg"
          className="w-full"
          data-google-sign-in=""
          loading={leaving}
          icon={<GoogleMark />}
          onClick={continueWithGoogle}
        >
          {t('other.google')}
        </Button>
      ) : null}
      {failed ? (
        <p role="alert" className="text-sm text-danger">
          {t('other.googleFailed')}
        </p>
      ) : null}
      {wallet ? (
        <Link
          to={withReturnPath(paths.wallet, returnPath)}
          className={`${buttonClass('secondary', 'lg')} w-full`}
          data-wallet-sign-in=""
        >
          <Icon name="wallet" />
          {t('other.wallet')}
        </Link>
      ) : null}
    </section>
  );
}
