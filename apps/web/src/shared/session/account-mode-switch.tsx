import { Switch } from 'radix-ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { clearQueryCache } from '../api/use-api-query';
import { toast } from '../ui/toast-store';
import { session, useSession } from './session-store';

/**
 * Real/demo switch for a logged-in user. Every request carries the mode (X-Account-Mode), so
 * cached replies of the other mode are dropped when it changes.
 */
export function AccountModeSwitch({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const { mode, token } = useSession();
  const id = useId();
  if (!token) return null;
  const demo = mode === 'demo';
  return (
    <div className={`flex min-h-11 items-center justify-between gap-3 ${className}`}>
      <label htmlFor={id} className="flex flex-col text-sm">
        <span className="font-medium text-fg">{t('account.demoSwitch')}</span>
        <span className="text-xs text-muted">
          {demo ? t('account.modeDemo') : t('account.modeReal')}
        </span>
      </label>
      <Switch.Root
        id={id}
        checked={demo}
        onCheckedChange={(checked) => {
          session.setMode(checked ? 'demo' : 'real');
          clearQueryCache();
          toast.show('info', checked ? t('account.switchedToDemo') : t('account.switchedToReal'));
        }}
        className="relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border border-line-strong bg-subtle transition-colors data-[state=checked]:border-demo data-[state=checked]:bg-demo"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-muted shadow transition-transform data-[state=checked]:bg-on-demo data-[state=checked]:translate-x-[1.4rem] rtl:-translate-x-0.5 rtl:data-[state=checked]:-translate-x-[1.4rem]" />
      </Switch.Root>
    </div>
  );
}
