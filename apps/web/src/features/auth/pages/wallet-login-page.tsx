import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { apiErrorMessage } from '../../../shared/api/error-message';
import { paths } from '../../../shared/navigation/paths';
import { Button, buttonClass } from '../../../shared/ui/button';
import { Icon } from '../../../shared/ui/icons';
import { Num } from '../../../shared/ui/num';
import { toast } from '../../../shared/ui/toast-store';
import { logInWithWallet, requestWalletMessage } from '../api/auth.api';
import { returnPathFrom, withReturnPath } from '../auth-redirect';
import {
  injectedProvider,
  requestAccount,
  requestChainId,
  signMessage,
  walletProblemOf,
  type Eip1193Provider,
} from '../ethereum-provider';
import { AuthShell, ShellLink } from '../components/auth-shell';
import { FormAlert } from '../components/field-frame';
import { useCompleteSignIn } from '../components/use-complete-sign-in';
import { forgetInvite, rememberedInvite } from '../invite-code';
import { isInviteRefusal, signInRefusal } from '../server-problems';

/** The invite code from the link named no one and was dropped; the user signs once more. */
const INVITE_DROPPED = new Error('invite code not accepted');

/** Some wallet browsers inject their provider a moment after the page loads. */
const LATE_PROVIDER_MS = 3_000;

function useInjectedProvider(): Eip1193Provider | null {
  const [provider, setProvider] = useState(injectedProvider);
  useEffect(() => {
    if (provider) return;
    const found = () => setProvider(injectedProvider());
    window.addEventListener('ethereum#initialized', found, { once: true });
    const timer = setTimeout(found, LATE_PROVIDER_MS);
    return () => {
      window.removeEventListener('ethereum#initialized', found);
      clearTimeout(timer);
    };
  }, [provider]);
  return provider;
}

interface Challenge {
  address: string;
  chainId: number;
  message: string;
}

type Step =
  | { kind: 'idle' }
  | { kind: 'connecting' }
  | ({ kind: 'ready' } & Challenge)
  | ({ kind: 'signing' } & Challenge);

/**
 * /pass/wallet: Sign-In with Ethereum (EIP-4361) through the browser's wallet (EIP-1193). The
 * server writes the message; the page shows it, the wallet signs exactly that text with
 * personal_sign, and the server checks the signature. A signature only: never a transaction.
 */
export default function WalletLoginPage() {
  const { t, i18n } = useTranslation('auth');
  const location = useLocation();
  const [returnPath] = useState(() => returnPathFrom(location.search, location.state));
  const provider = useInjectedProvider();
  const complete = useCompleteSignIn();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [failure, setFailure] = useState<unknown>(null);

  const failureText = (error: unknown): string => {
    if (error === INVITE_DROPPED) return t('wallet.inviteDropped');
    const problem = error instanceof ApiError ? null : walletProblemOf(error);
    return problem
      ? t(`wallet.problem.${problem}`)
      : apiErrorMessage(error, t, (key) => i18n.exists(key));
  };

  const connect = async () => {
    if (!provider) return;
    setFailure(null);
    setStep({ kind: 'connecting' });
    try {
      const address = await requestAccount(provider);
      const chainId = await requestChainId(provider);
      const { message } = await requestWalletMessage(address, chainId);
      setStep({ kind: 'ready', address, chainId, message });
    } catch (error) {
      if (!(error instanceof ApiError) && walletProblemOf(error) === null) {
        console.warn('wallet request failed', error);
      }
      setFailure(error);
      setStep({ kind: 'idle' });
    }
  };

  const sign = async (challenge: Challenge) => {
    if (!provider) return;
    setFailure(null);
    setStep({ kind: 'signing', ...challenge });
    try {
      const signature = await signMessage(provider, challenge.message, challenge.address);
      const invite = rememberedInvite();
      const result = await logInWithWallet(challenge.message, signature, invite).catch(
        (error: unknown) => {
          // The message's nonce is used up; the next signature goes without the unknown code.
          if (!isInviteRefusal(error, invite !== undefined)) throw error;
          forgetInvite();
          throw INVITE_DROPPED;
        },
      );
      complete(result, returnPath);
    } catch (caught) {
      const error = signInRefusal(caught, 10121);
      // On a 401 the app is already on its way to the login page: the message goes with it.
      if (error !== caught) toast.error(failureText(error));
      setFailure(error);
      // A declined signature can be asked again with the same message; anything else starts over
      // (the server's nonce is used once).
      setStep(
        walletProblemOf(error) === 'rejected' ? { kind: 'ready', ...challenge } : { kind: 'idle' },
      );
    }
  };

  const footer = (
    <>
      {provider ? (
        <ShellLink to={withReturnPath(paths.login, returnPath)}>
          {t('wallet.otherMethods')}
        </ShellLink>
      ) : null}
      <ShellLink question={t('login.noAccount')} to={withReturnPath(paths.register, returnPath)}>
        {t('login.toRegister')}
      </ShellLink>
    </>
  );

  return (
    <AuthShell
      documentTitle={t('wallet.documentTitle')}
      title={t('wallet.title')}
      lead={t('wallet.lead')}
      footer={footer}
    >
      <aside
        className="flex items-start gap-3 rounded-xl border border-line bg-subtle p-4"
        aria-labelledby="wallet-safety"
        data-wallet-safety=""
      >
        <Icon name="shield" className="mt-0.5 size-6 text-success" />
        <div className="flex flex-col gap-1">
          <h2 id="wallet-safety" className="font-semibold">
            {t('wallet.safetyTitle')}
          </h2>
          <p className="text-sm text-muted">{t('wallet.safetyBody')}</p>
          <p className="text-sm text-muted">{t('wallet.safetyWarning')}</p>
        </div>
      </aside>

      {provider ? (
        step.kind === 'ready' || step.kind === 'signing' ? (
          <section className="flex flex-col gap-4" aria-labelledby="wallet-message">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted">{t('wallet.address')}</dt>
              <dd className="min-w-0 font-mono break-all" data-wallet-address="">
                <Num>{step.address}</Num>
              </dd>
              <dt className="text-muted">{t('wallet.chain')}</dt>
              <dd>
                <Num>{step.chainId}</Num>
              </dd>
            </dl>
            <div className="flex flex-col gap-1.5">
              <h2 id="wallet-message" className="text-sm font-medium">
                {t('wallet.messageTitle')}
              </h2>
              <pre
                dir="ltr"
                lang="en"
                tabIndex={0}
                aria-labelledby="wallet-message"
                data-wallet-message=""
                className="max-h-64 overflow-auto rounded-lg border border-line bg-surface p-3 font-mono text-xs whitespace-pre-wrap break-words text-fg"
              >
                {step.message}
              </pre>
            </div>
            <FormAlert message={failure === null ? null : failureText(failure)} />
            <div className="flex flex-col gap-3">
              <Button
                size="lg"
                className="w-full"
                loading={step.kind === 'signing'}
                onClick={() => void sign(step)}
              >
                {t('wallet.sign')}
              </Button>
              <Button
                variant="secondary"
                size="lg"
                className="w-full"
                disabled={step.kind === 'signing'}
                onClick={() => {
                  setFailure(null);
                  setStep({ kind: 'idle' });
                }}
              >
                {t('wallet.cancel')}
              </Button>
            </div>
          </section>
        ) : (
          <div className="flex flex-col gap-4">
            <ol className="flex list-decimal flex-col gap-1 ps-5 text-sm text-muted">
              <li>{t('wallet.stepConnect')}</li>
              <li>{t('wallet.stepSign')}</li>
            </ol>
            <FormAlert message={failure === null ? null : failureText(failure)} />
            <Button
              size="lg"
              className="w-full"
              icon={<Icon name="wallet" />}
              loading={step.kind === 'connecting'}
              onClick={() => void connect()}
            >
              {t('wallet.connect')}
            </Button>
          </div>
        )
      ) : (
        <NoWallet returnPath={returnPath} />
      )}
    </AuthShell>
  );
}

/** No EIP-1193 provider: how to get one, and the other ways in. */
function NoWallet({ returnPath }: { returnPath: string }) {
  const { t } = useTranslation('auth');
  const copy = () => {
    navigator.clipboard.writeText(window.location.href).then(
      () => toast.success(t('wallet.linkCopied')),
      () => toast.error(t('wallet.copyFailed')),
    );
  };
  return (
    <section className="flex flex-col gap-4" aria-labelledby="no-wallet" data-no-wallet="">
      <div className="flex flex-col gap-2">
        <h2 id="no-wallet" className="text-lg font-semibold">
          {t('wallet.noWalletTitle')}
        </h2>
        <p className="text-muted">{t('wallet.noWalletBody')}</p>
        <ul className="flex list-disc flex-col gap-1 ps-5 text-sm text-muted">
          <li>{t('wallet.noWalletDesktop')}</li>
          <li>{t('wallet.noWalletMobile')}</li>
        </ul>
      </div>
      {typeof navigator.clipboard?.writeText === 'function' ? (
        <Button variant="secondary" size="lg" className="w-full" onClick={copy}>
          {t('wallet.copyLink')}
        </Button>
      ) : null}
      <Link
        to={withReturnPath(paths.login, returnPath)}
        className={`${buttonClass('primary', 'lg')} w-full`}
      >
        {t('wallet.useOtherMethod')}
      </Link>
    </section>
  );
}
