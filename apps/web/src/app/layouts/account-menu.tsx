import { Popover } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../shared/navigation/paths';
import { AccountModeSwitch } from '../../shared/session/account-mode-switch';
import { session, useSession } from '../../shared/session/session-store';
import { Button } from '../../shared/ui/button';
import { Icon } from '../../shared/ui/icons';

function displayName(user: Readonly<Record<string, unknown>> | null): string | null {
  for (const key of ['username', 'email', 'phone', 'name']) {
    const value = user?.[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return null;
}

/** Logged-in account menu of the desktop header: who is signed in, real/demo switch, logout. */
export default function AccountMenu() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const name = displayName(user);
  return (
    <Popover.Root>
      <Popover.Trigger
        className="inline-flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm font-medium text-fg hover:bg-subtle data-[state=open]:bg-subtle"
        aria-label={t('account.menu')}
      >
        <Icon name="profile" />
        <Icon name="chevronDown" className="size-4 text-muted" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          dir={i18n.dir()}
          className="z-50 w-72 rounded-xl border border-line bg-surface p-4 text-fg shadow-xl"
        >
          <p className="text-xs text-muted">{t('account.signedInAs')}</p>
          <p className="truncate font-semibold">
            <bdi>{name ?? t('account.customer')}</bdi>
          </p>
          <div className="my-3 border-t border-line" />
          <AccountModeSwitch />
          <div className="my-3 border-t border-line" />
          <Button
            variant="secondary"
            className="w-full"
            icon={<Icon name="logout" className="size-4" />}
            onClick={() => {
              session.clear();
              void navigate(paths.login, { replace: true });
            }}
          >
            {t('account.logout')}
          </Button>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
