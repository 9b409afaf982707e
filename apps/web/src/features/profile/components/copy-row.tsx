import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { Icon } from '../../../shared/ui/icons';
import { Num } from '../../../shared/ui/num';
import { Skeleton } from '../../../shared/ui/skeleton';
import { toast } from '../../../shared/ui/toast-store';
import { ProfileIcon } from './profile-icons';

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** A value with a copy button (invite code and link, a deposit address). */
export function CopyRow({
  label,
  value,
  testId,
  large = false,
}: {
  label: string;
  value: string | undefined;
  testId: string;
  large?: boolean;
}) {
  const { t } = useTranslation('profile');
  const [copied, setCopied] = useState(false);
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm text-muted">{label}</span>
      <div className="flex items-center gap-2 rounded-lg border border-line-strong bg-subtle ps-3">
        {value ? (
          <Num
            className={`min-w-0 flex-1 py-2 ${large ? 'font-mono text-lg font-semibold tracking-widest' : 'text-sm break-all'}`}
          >
            <span data-testid={testId}>{value}</span>
          </Num>
        ) : (
          <Skeleton className="h-5 flex-1" />
        )}
        <Button
          variant="ghost"
          className="min-h-11 shrink-0"
          disabled={!value}
          aria-label={t('invite.copyLabel', { what: label })}
          onClick={() => {
            if (!value) return;
            void copyText(value).then((ok) => {
              if (ok) {
                setCopied(true);
                setTimeout(() => setCopied(false), 2000);
                toast.success(t('invite.copied', { what: label }));
              } else toast.error(t('invite.copyFailed'));
            });
          }}
          data-testid={`copy-${testId}`}
        >
          {copied ? (
            <Icon name="check" className="size-5 text-success" />
          ) : (
            <ProfileIcon name="copy" className="size-5" />
          )}
        </Button>
      </div>
    </div>
  );
}
