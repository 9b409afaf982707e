import { type AdminUserDetail, updateUser } from '@swx/contract';
import { useRef, useState } from 'react';
import type { MessageKey } from '../../../i18n/en';
import { t } from '../../../i18n/translate';
import { apiCall } from '../../../shared/api/api-client';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/modal';
import { toast } from '../../../shared/ui/toast-store';
import { changeBody, demoChange, statusChange, type UserChange } from '../users.rules';

const TEXT: Record<
  UserChange,
  { button: MessageKey; title: MessageKey; description: MessageKey; done: MessageKey }
> = {
  disable: {
    button: 'users.actions.disable',
    title: 'users.disable.title',
    description: 'users.disable.description',
    done: 'users.disable.done',
  },
  enable: {
    button: 'users.actions.enable',
    title: 'users.enable.title',
    description: 'users.enable.description',
    done: 'users.enable.done',
  },
  disableDemo: {
    button: 'users.actions.disableDemo',
    title: 'users.disableDemo.title',
    description: 'users.disableDemo.description',
    done: 'users.disableDemo.done',
  },
  enableDemo: {
    button: 'users.actions.enableDemo',
    title: 'users.enableDemo.title',
    description: 'users.enableDemo.description',
    done: 'users.enableDemo.done',
  },
};

/** Taking something away is red; giving it back is not. */
function isRestrictive(change: UserChange): boolean {
  return change === 'disable' || change === 'disableDemo';
}

/**
 * Disable/enable the account and its demo mode. Every change asks first; the reply carries the
 * customer as they are now, which replaces what the page shows.
 */
export function UserActions({
  user,
  onSaved,
}: {
  user: AdminUserDetail;
  onSaved: (user: AdminUserDetail) => void;
}) {
  const [asking, setAsking] = useState<UserChange>();
  const [pending, setPending] = useState(false);
  const statusButton = useRef<HTMLButtonElement>(null);
  const demoButton = useRef<HTMLButtonElement>(null);
  const forStatus = statusChange(user);
  const forDemo = demoChange(user);

  // The dialogs have no trigger of their own, so keyboard focus is put back by hand.
  const close = (change: UserChange | undefined) => {
    setAsking(undefined);
    const button = change === forDemo ? demoButton : statusButton;
    requestAnimationFrame(() => button.current?.focus());
  };

  const confirm = async (change: UserChange) => {
    setPending(true);
    try {
      const saved = await apiCall(updateUser, {
        params: { id: user.id },
        body: changeBody(change),
      });
      onSaved(saved);
      toast.success(t(TEXT[change].done, { username: saved.username }));
      close(change);
    } catch {
      // The client showed the server's message; the dialog stays for another try.
    } finally {
      setPending(false);
    }
  };

  const text = asking ? TEXT[asking] : undefined;
  return (
    <div role="group" aria-label={t('users.actions.label')} className="flex flex-wrap gap-2">
      <Button
        ref={statusButton}
        variant={isRestrictive(forStatus) ? 'danger' : 'primary'}
        onClick={() => setAsking(forStatus)}
      >
        {t(TEXT[forStatus].button)}
      </Button>
      <Button ref={demoButton} onClick={() => setAsking(forDemo)}>
        {t(TEXT[forDemo].button)}
      </Button>
      <ConfirmDialog
        open={asking !== undefined}
        onOpenChange={(open) => (open ? undefined : close(asking))}
        title={text ? t(text.title, { username: user.username }) : ''}
        description={text ? t(text.description) : ''}
        confirmLabel={text ? t(text.button) : ''}
        tone={asking && isRestrictive(asking) ? 'danger' : 'primary'}
        pending={pending}
        onConfirm={() => asking && void confirm(asking)}
      />
    </div>
  );
}
