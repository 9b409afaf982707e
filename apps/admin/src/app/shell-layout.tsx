import { useState } from 'react';
import { Navigate, NavLink, Outlet, useNavigate, useNavigation } from 'react-router';
import { SupportNavBadge } from '../features/support/components/support-nav-badge';
import type { MessageKey } from '../i18n/en';
import { t } from '../i18n/translate';
import { signOut } from '../shared/session/sign-out';
import { canUse, type Section } from '../shared/session/sections';
import { useSession } from '../shared/session/use-session';
import { Button } from '../shared/ui/button';
import { ThemeToggle } from '../shared/ui/theme-toggle';
import { toast } from '../shared/ui/toast-store';

const NAV: readonly { section: Section; to: string; label: MessageKey }[] = [
  { section: 'overview', to: '/', label: 'nav.overview' },
  { section: 'users', to: '/users', label: 'nav.users' },
  { section: 'support', to: '/support', label: 'nav.support' },
  { section: 'kyc', to: '/kyc', label: 'nav.kyc' },
  { section: 'outbox', to: '/outbox', label: 'nav.outbox' },
  { section: 'staff', to: '/staff', label: 'nav.staff' },
  { section: 'parameters', to: '/parameters', label: 'nav.parameters' },
  { section: 'instruments', to: '/instruments', label: 'nav.instruments' },
  { section: 'options', to: '/options', label: 'nav.options' },
  { section: 'earn', to: '/earn', label: 'nav.earn' },
  { section: 'loans', to: '/loans', label: 'nav.loans' },
  { section: 'nfts', to: '/nfts', label: 'nav.nfts' },
  { section: 'orders', to: '/orders', label: 'nav.orders' },
  { section: 'funding', to: '/funding/deposits', label: 'nav.deposits' },
  { section: 'funding', to: '/funding/withdrawals', label: 'nav.withdrawals' },
  { section: 'funding', to: '/funding/addresses', label: 'nav.addresses' },
  { section: 'content', to: '/content', label: 'nav.content' },
  { section: 'audit', to: '/audit', label: 'nav.audit' },
];

function navClass({ isActive }: { isActive: boolean }) {
  return (
    'flex items-center gap-2 rounded-md px-2.5 py-1.5 text-sm font-medium whitespace-nowrap ' +
    (isActive ? 'bg-accent/12 text-accent' : 'text-fg hover:bg-raised')
  );
}

export function ShellLayout() {
  const { me } = useSession();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  if (!me) return null;
  // Until the one-time password is replaced, that is the only screen (the server agrees: 10114).
  if (me.mustChangePassword) return <Navigate to="/change-password" replace />;

  const leave = async () => {
    setSigningOut(true);
    await signOut();
    toast.info(t('auth.signedOut'));
    await navigate('/login', { replace: true });
  };

  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-accent px-3 py-2 text-accent-fg focus:not-sr-only focus:fixed focus:start-2 focus:top-2"
      >
        {t('nav.skip')}
      </a>
      {navigation.state === 'loading' ? (
        <div
          className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-accent"
          role="progressbar"
          aria-label={t('common.loading')}
        />
      ) : null}
      <aside className="z-30 flex flex-col gap-3 border-b border-line bg-surface p-3 md:fixed md:inset-y-0 md:start-0 md:w-54 md:border-e md:border-b-0">
        <div className="flex items-center justify-between gap-2 px-1">
          <NavLink to="/" className="flex items-baseline gap-1.5 font-semibold tracking-tight">
            <span>{t('app.brand')}</span>
            <span className="text-xs font-normal text-muted">{t('app.backOffice')}</span>
          </NavLink>
        </div>
        <nav aria-label={t('nav.label')} className="md:flex-1 md:overflow-y-auto">
          <ul className="flex flex-wrap gap-1 md:flex-col md:flex-nowrap">
            {NAV.filter((item) => canUse(item.section, me.roles)).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/'} className={navClass}>
                  {t(item.label)}
                  {item.section === 'support' ? <SupportNavBadge /> : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-line pt-3 md:flex-col md:items-stretch">
          <div className="min-w-0 px-1 text-sm">
            <div className="truncate font-medium" data-testid="signed-in-as">
              {me.username}
            </div>
            <div className="truncate text-xs text-muted">
              {me.roles.map((role) => t(`role.${role}`)).join(', ')}
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-1">
            <ThemeToggle />
            <Button size="sm" pending={signingOut} onClick={() => void leave()}>
              {t('auth.signOut')}
            </Button>
          </div>
        </div>
      </aside>
      <main id="main" tabIndex={-1} className="min-w-0 p-4 outline-none md:ms-54 md:p-6">
        <Outlet />
      </main>
    </div>
  );
}
