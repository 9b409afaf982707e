import type { IdentitySignInResult, SignInResult } from '@swx/contract';
import { paths } from '../../../shared/navigation/paths';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { session } from '../../../shared/session/session-store';
import { toast } from '../../../shared/ui/toast-store';

/** A name or address inside a sentence keeps its own direction (FSI ... PDI). */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

/** What the two-factor step receives from the first step (router state, never the address). */
export interface TwoFactorState {
  challenge: string;
  expiresAt: string;
  returnPath: string;
}

/**
 * After any successful sign-in: store the session, say hello, go where the user was heading. With
 * two-factor authentication on, the first step answers a challenge instead: the code step follows.
 */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  const { t } = useTranslation('auth');
  return (result: SignInResult | IdentitySignInResult, returnPath: string, isNew = false) => {
    if ('twoFactor' in result) {
      const state: TwoFactorState = { ...result.twoFactor, returnPath };
      void navigate(paths.twoFactor, { replace: true, state });
      return;
    }
    const created = 'created' in result ? result.created : isNew;
    session.signIn(result.token, result.user);
    toast.success(
      t(created ? 'done.welcomeNew' : 'done.welcomeBack', { name: isolate(result.user.username) }),
    );
    void navigate(returnPath, { replace: true });
  };
}
