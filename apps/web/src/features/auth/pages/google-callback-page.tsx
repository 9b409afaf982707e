import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../shared/api/error-message';
import { paths } from '../../../shared/navigation/paths';
import { buttonClass } from '../../../shared/ui/button';
import { Icon } from '../../../shared/ui/icons';
import { Spinner } from '../../../shared/ui/spinner';
import { toast } from '../../../shared/ui/toast-store';
import { logInWithGoogle } from '../api/auth.api';
import { withReturnPath } from '../auth-redirect';
import {
  checkGoogleCallback,
  parseGoogleFragment,
  takePendingGoogleSignIn,
  type GoogleCallbackProblem,
} from '../google-sign-in';
import { AuthShell } from '../components/auth-shell';
import { useCompleteSignIn } from '../components/use-complete-sign-in';
import { forgetInvite, rememberedInvite } from '../invite-code';
import { isInviteRefusal, signInRefusal } from '../server-problems';

type Failure =
  | { problem: GoogleCallbackProblem; returnPath: string | null }
  | { error: unknown; returnPath: string | null };

const TEXTS: Record<GoogleCallbackProblem, { title: string; body: string }> = {
  cancelled: { title: 'google.cancelledTitle', body: 'google.cancelledBody' },
  provider: { title: 'google.failedTitle', body: 'google.providerBody' },
  state: { title: 'google.expiredTitle', body: 'google.expiredBody' },
  token: { title: 'google.failedTitle', body: 'google.providerBody' },
};

/**
 * /api/loginCallback/google, where Google sends the browser back with `#id_token=&state=` (or
 * `#error=`). The state must be the one this tab stored when it left; only then does the ID
 * token go to the server. The fragment is removed from the address at once.
 */
export default function GoogleCallbackPage() {
  const { t, i18n } = useTranslation('auth');
  const location = useLocation();
  const navigate = useNavigate();
  const complete = useCompleteSignIn();
  const [fragment] = useState(() => parseGoogleFragment(location.hash));
  const [failure, setFailure] = useState<Failure | null>(null);
  // Runs once, also under StrictMode's double effects: the stored state can be taken only once.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The ID token does not stay in the address bar or the history.
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    const check = checkGoogleCallback(fragment, takePendingGoogleSignIn());
    if (!check.ok) {
      setFailure({ problem: check.problem, returnPath: check.returnPath });
      return;
    }
    const invite = rememberedInvite();
    const attempt = (inviteCode?: string) =>
      logInWithGoogle(check.idToken, check.nonce, inviteCode);
    attempt(invite)
      .catch((error: unknown) => {
        // An invite code that names no one must not stop the sign-in: once more without it.
        if (!isInviteRefusal(error, invite !== undefined)) throw error;
        forgetInvite();
        return attempt();
      })
      .then(
        (result) => complete(result, check.returnPath),
        (error: unknown) => {
          const refusal = signInRefusal(error, 10120);
          // On a 401 the app is already on its way to the login page: the message goes with it.
          if (refusal !== error)
            toast.error(apiErrorMessage(refusal, t, (key) => i18n.exists(key)));
          setFailure({ error: refusal, returnPath: check.returnPath });
        },
      );
    // Once, on arrival: the fragment was read into state before it is removed.
  }, []);

  if (!failure) {
    return (
      <AuthShell documentTitle={t('google.documentTitle')} title={t('google.working')}>
        <p role="status" className="flex items-center gap-3 text-muted">
          <Spinner className="size-5 text-link" />
          {t('google.workingBody')}
        </p>
      </AuthShell>
    );
  }

  const texts =
    'problem' in failure
      ? { title: t(TEXTS[failure.problem].title), body: t(TEXTS[failure.problem].body) }
      : {
          title: t('google.failedTitle'),
          body: apiErrorMessage(failure.error, t, (key) => i18n.exists(key)),
        };
  const loginPath = failure.returnPath
    ? withReturnPath(paths.login, failure.returnPath)
    : paths.login;

  return (
    <AuthShell documentTitle={t('google.documentTitle')} title={texts.title}>
      <div role="alert" className="flex items-start gap-3" data-google-problem="">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-danger-soft text-danger">
          <Icon name="alert" />
        </span>
        <p className="pt-2 text-fg">{texts.body}</p>
      </div>
      <Link to={loginPath} className={`${buttonClass('primary', 'lg')} w-full`}>
        {t('google.backToLogin')}
      </Link>
    </AuthShell>
  );
}
