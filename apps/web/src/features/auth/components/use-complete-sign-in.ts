import type { LoginResult } from '@swx/contract';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { session } from '../../../shared/session/session-store';
import { toast } from '../../../shared/ui/toast-store';

/** A name or address inside a sentence keeps its own direction (FSI ... PDI). */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

/** After any successful sign-in: store the session, say hello, go where the user was heading. */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  const { t } = useTranslation('auth');
  return (result: LoginResult, returnPath: string, created: boolean) => {
    session.signIn(result.token, result.user);
    toast.success(
      t(created ? 'done.welcomeNew' : 'done.welcomeBack', { name: isolate(result.user.username) }),
    );
    void navigate(returnPath, { replace: true });
  };
}
