import type { UserInfo } from '@swx/contract';
import { isLocale, LOCALES, type Locale } from '@swx/i18n';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { clearQueryCache, useApiQuery } from '../../../shared/api/use-api-query';
import { LanguagePicker } from '../../../shared/i18n/language-picker';
import { UpDownToggle } from '../../../shared/market/up-down-toggle';
import { paths } from '../../../shared/navigation/paths';
import { useRouteAvailable } from '../../../shared/navigation/route-availability';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { DateText } from '../../../shared/ui/date-text';
import { Dialog } from '../../../shared/ui/dialog';
import { Icon } from '../../../shared/ui/icons';
import { EmptyState, ListSkeleton } from '../../../shared/ui/list';
import { Num } from '../../../shared/ui/num';
import { ThemeToggle } from '../../../shared/ui/theme-toggle';
import { toast } from '../../../shared/ui/toast-store';
import { useTheme } from '../../../shared/ui/theme';
import { fetchUserInfo, rememberUser, saveLocale } from '../api/profile.api';
import { BindContactForm } from '../components/bind-contact-form';
import { ChangePasswordDialog } from '../components/change-password-dialog';
import { phoneOf, shortAddress } from '../components/contact';
import { ProfileFrame, ProfileHeading, Section } from '../components/profile-heading';
import { ProfileIcon } from '../components/profile-icons';
import { RequireLogin } from '../components/require-login';
import { useErrorText } from '../components/use-error-text';
import { useLogout } from '../components/use-logout';
import { AntiPhishingDialog } from '../components/anti-phishing-dialog';
import { TwoFactorDialog, type TwoFactorAction } from '../components/two-factor-dialog';
import { WithdrawPasswordDialog } from '../components/withdraw-password-dialog';

/** /profile/info: personal information, language, theme and colours, passwords, logout. */
export default function InfoPage() {
  return (
    <RequireLogin>
      <PersonalInfo />
    </RequireLogin>
  );
}

function PersonalInfo() {
  const { t } = useTranslation('profile');
  const query = useApiQuery('profile/user', (signal) => fetchUserInfo(signal));
  // Changes made on this page (a bound email, a set withdrawal password) show without a reload.
  const [updated, setUpdated] = useState<UserInfo | null>(null);
  const user = updated ?? query.data;
  const onUserChange = (next: UserInfo) => {
    setUpdated(next);
    rememberUser(next);
    clearQueryCache();
  };
  const { logout, pending } = useLogout();

  return (
    <ProfileFrame>
      <title>{t('info.documentTitle')}</title>
      <ProfileHeading title={t('info.title')} lead={t('info.lead')} />
      {user ? (
        <>
          <PersonalSection user={user} onUserChange={onUserChange} />
          <PreferencesSection user={user} onUserChange={onUserChange} />
          <SecuritySection user={user} onUserChange={onUserChange} />
          <Button
            variant="secondary"
            size="lg"
            className="w-full sm:w-auto sm:self-start"
            loading={pending}
            icon={<Icon name="logout" className="size-5" />}
            onClick={logout}
            data-testid="logout"
          >
            {t('home.logout')}
          </Button>
        </>
      ) : query.status === 'error' ? (
        <EmptyState
          icon="alert"
          title={t('common:state.loadFailed')}
          action={
            <Button variant="secondary" onClick={query.retry}>
              {t('common:actions.retry')}
            </Button>
          }
        />
      ) : (
        <ListSkeleton rows={6} label={t('common:state.loading')} />
      )}
    </ProfileFrame>
  );
}

/** A label and its value (or control) on one row; stacked on narrow screens when needed. */
function Row({
  label,
  children,
  hint,
  testId,
}: {
  label: ReactNode;
  children: ReactNode;
  hint?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="flex min-h-12 items-center justify-between gap-4 py-2" data-testid={testId}>
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="text-sm text-muted">{label}</span>
        {hint ? <span className="text-xs text-muted">{hint}</span> : null}
      </div>
      <div className="flex max-w-[65%] min-w-0 shrink-0 items-center justify-end gap-2 text-end font-medium">
        {children}
      </div>
    </div>
  );
}

function PersonalSection({
  user,
  onUserChange,
}: {
  user: UserInfo;
  onUserChange: (user: UserInfo) => void;
}) {
  const { t, i18n } = useTranslation('profile');
  const [binding, setBinding] = useState(false);
  const phone = phoneOf(user);
  const notSet = <span className="font-normal text-muted">{t('info.notSet')}</span>;
  return (
    <Section id="info-personal" title={t('info.personal')}>
      <div className="divide-y divide-line">
        <Row label={t('info.username')}>
          <bdi className="truncate">{user.username}</bdi>
        </Row>
        <Row label={t('info.email')}>
          {user.email ? <Num className="truncate">{user.email}</Num> : notSet}
        </Row>
        <Row label={t('info.phone')}>{phone ? <Num>{phone}</Num> : notSet}</Row>
        {user.walletAddress ? (
          <Row label={t('info.wallet')}>
            <Num className="font-mono text-sm">
              <span title={user.walletAddress}>{shortAddress(user.walletAddress)}</span>
            </Num>
          </Row>
        ) : null}
        {user.googleLinked ? (
          <Row label={t('info.google')}>
            <Badge tone="success">{t('info.linked')}</Badge>
          </Row>
        ) : null}
        <Row label={t('info.memberSince')}>
          <DateText iso={user.createdAt} locale={i18n.language} />
        </Row>
      </div>
      {!user.email && !user.phone ? (
        <div className="mt-3 flex flex-col gap-2 rounded-lg bg-subtle p-3 sm:flex-row sm:items-center">
          <p className="flex-1 text-sm text-muted">{t('bind.why')}</p>
          <Button variant="secondary" onClick={() => setBinding(true)} data-testid="bind-open">
            {t('bind.open')}
          </Button>
        </div>
      ) : null}
      <Dialog
        open={binding}
        onOpenChange={setBinding}
        title={t('bind.title')}
        description={t('bind.why')}
      >
        <BindContactForm
          onBound={(next) => {
            setBinding(false);
            onUserChange(next);
          }}
        />
      </Dialog>
    </Section>
  );
}

function PreferencesSection({
  user,
  onUserChange,
}: {
  user: UserInfo;
  onUserChange: (user: UserInfo) => void;
}) {
  const { t, i18n } = useTranslation('profile');
  const errorText = useErrorText();
  const theme = useTheme();
  const [saving, setSaving] = useState(false);
  const current: Locale = isLocale(i18n.language) ? i18n.language : 'en';
  const nameOf = (code: Locale) => LOCALES.find((l) => l.code === code)?.name ?? code;

  const save = (locale: Locale) => {
    setSaving(true);
    saveLocale(locale).then(
      (next) => {
        setSaving(false);
        onUserChange(next);
      },
      (error: unknown) => {
        setSaving(false);
        toast.error(errorText(error));
      },
    );
  };
  const saveRef = useRef(save);
  saveRef.current = save;

  // A language picked here is also the language of the mails and messages the server sends.
  useEffect(() => {
    const onChange = (language: string) => {
      if (isLocale(language)) saveRef.current(language);
    };
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [i18n]);

  return (
    <Section id="info-preferences" title={t('info.preferences')}>
      <div className="divide-y divide-line">
        <Row
          label={t('info.language')}
          hint={
            user.locale === current ? (
              t('info.mailLanguage')
            ) : (
              <span data-testid="mail-language">
                {t('info.mailLanguageOther', { language: nameOf(user.locale) })}{' '}
                <button
                  type="button"
                  className="font-medium text-link hover:underline disabled:opacity-60"
                  disabled={saving}
                  onClick={() => save(current)}
                >
                  {t('info.useForMail', { language: nameOf(current) })}
                </button>
              </span>
            )
          }
          testId="language-setting"
        >
          <LanguagePicker />
        </Row>
        <Row
          label={t('info.theme')}
          hint={theme === 'dark' ? t('info.themeDark') : t('info.themeLight')}
        >
          <ThemeToggle />
        </Row>
        <Row label={t('info.colours')} hint={t('info.coloursHint')}>
          <UpDownToggle />
        </Row>
      </div>
    </Section>
  );
}

function SecuritySection({
  user,
  onUserChange,
}: {
  user: UserInfo;
  onUserChange: (user: UserInfo) => void;
}) {
  const { t } = useTranslation('profile');
  const available = useRouteAvailable();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [withdrawOpen, setWithdrawOpen] = useState(false);
  const [twoFactor, setTwoFactor] = useState<TwoFactorAction | null>(null);
  const [antiPhishingOpen, setAntiPhishingOpen] = useState(false);
  return (
    <Section id="info-security" title={t('info.security')}>
      <div className="divide-y divide-line">
        <Row
          label={
            <span className="inline-flex items-center gap-2 text-fg">
              <ProfileIcon name="lock" className="size-4 text-muted" />
              {t('info.password')}
            </span>
          }
          hint={user.hasPassword ? t('info.passwordHint') : t('info.noPassword')}
        >
          {user.hasPassword ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setPasswordOpen(true)}
              data-testid="change-password"
            >
              {t('info.change')}
            </Button>
          ) : (user.email || user.phone) && available(paths.reset) ? (
            <Link to={paths.reset} className="text-sm font-medium text-link hover:underline">
              {t('info.setPasswordViaReset')}
            </Link>
          ) : null}
        </Row>
        <Row
          label={
            <span className="inline-flex items-center gap-2 text-fg">
              <ProfileIcon name="key" className="size-4 text-muted" />
              {t('info.withdrawPassword')}
            </span>
          }
          hint={user.hasWithdrawPassword ? t('info.withdrawSet') : t('info.withdrawNotSet')}
          testId="withdraw-setting"
        >
          <Button
            variant={user.hasWithdrawPassword ? 'secondary' : 'primary'}
            size="sm"
            onClick={() => setWithdrawOpen(true)}
            data-testid="withdraw-password"
          >
            {user.hasWithdrawPassword ? t('info.change') : t('info.set')}
          </Button>
        </Row>
        <Row
          label={
            <span className="inline-flex items-center gap-2 text-fg">
              <ProfileIcon name="shield" className="size-4 text-muted" />
              {t('info.twoFactor')}
            </span>
          }
          hint={user.twoFactor ? t('info.twoFactorOn') : t('info.twoFactorOff')}
          testId="two-factor-setting"
        >
          {user.twoFactor ? (
            <>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setTwoFactor('renew')}
                data-testid="two-factor-renew"
              >
                {t('info.newRecoveryCodes')}
              </Button>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setTwoFactor('disable')}
                data-testid="two-factor-off"
              >
                {t('info.turnOff')}
              </Button>
            </>
          ) : (
            <Button size="sm" onClick={() => setTwoFactor('enable')} data-testid="two-factor-on">
              {t('info.turnOn')}
            </Button>
          )}
        </Row>
        <Row
          label={
            <span className="inline-flex items-center gap-2 text-fg">
              <ProfileIcon name="mail" className="size-4 text-muted" />
              {t('info.antiPhishing')}
            </span>
          }
          hint={
            user.antiPhishingCode ? (
              <span data-testid="anti-phishing-current">
                {t('info.antiPhishingSet', { code: `\u2068${user.antiPhishingCode}\u2069` })}
              </span>
            ) : (
              t('info.antiPhishingNotSet')
            )
          }
          testId="anti-phishing-setting"
        >
          <Button
            variant={user.antiPhishingCode ? 'secondary' : 'primary'}
            size="sm"
            onClick={() => setAntiPhishingOpen(true)}
            data-testid="anti-phishing"
          >
            {user.antiPhishingCode ? t('info.change') : t('info.set')}
          </Button>
        </Row>
      </div>
      <AntiPhishingDialog
        open={antiPhishingOpen}
        onOpenChange={setAntiPhishingOpen}
        user={user}
        onUserChange={onUserChange}
      />
      <TwoFactorDialog
        action={twoFactor}
        onClose={() => setTwoFactor(null)}
        onChanged={(enabled) => onUserChange({ ...user, twoFactor: enabled })}
      />
      <ChangePasswordDialog open={passwordOpen} onOpenChange={setPasswordOpen} />
      <WithdrawPasswordDialog
        open={withdrawOpen}
        onOpenChange={setWithdrawOpen}
        user={user}
        onUserChange={onUserChange}
      />
    </Section>
  );
}
