import { useEffect, useState } from 'react';
import { t } from '../../i18n/translate';
import { Button, type ButtonSize } from './button';
import { toast } from './toast-store';

/** Copies `value` to the clipboard; says so on the button for a moment. */
export function CopyButton({
  value,
  label = t('common.copy'),
  size = 'sm',
}: {
  value: string;
  label?: string;
  size?: ButtonSize;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2_000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      toast.error(t('common.copyFailed'));
    }
  };

  return (
    <Button size={size} onClick={() => void copy()} aria-live="polite">
      {copied ? t('common.copied') : label}
    </Button>
  );
}
