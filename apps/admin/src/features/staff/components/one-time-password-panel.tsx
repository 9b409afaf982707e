import { useId } from 'react';
import { t } from '../../../i18n/translate';
import { Button } from '../../../shared/ui/button';
import { CopyButton } from '../../../shared/ui/copy-button';
import { controlClass } from '../../../shared/ui/field';
import { InlineAlert } from '../../../shared/ui/inline-alert';

/** The one-time password as the server returned it: shown here once, never stored or fetched again. */
export function OneTimePasswordPanel({
  username,
  password,
  onDone,
}: {
  username: string;
  password: string;
  onDone: () => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-4">
      <InlineAlert tone="warning">
        <strong className="font-semibold">{t('staff.otp.onlyOnce')}</strong>{' '}
        {t('staff.otp.handOver', { username })}
      </InlineAlert>
      <div className="flex flex-col gap-1">
        <label className="text-sm font-medium" htmlFor={id}>
          {t('staff.otp.label', { username })}
        </label>
        <div className="flex flex-wrap items-center gap-2">
          <input
            id={id}
            readOnly
            value={password}
            spellCheck={false}
            translate="no"
            dir="ltr"
            onFocus={(event) => event.currentTarget.select()}
            className={`${controlClass} min-w-0 flex-1 font-mono text-base`}
          />
          <CopyButton value={password} size="md" />
        </div>
      </div>
      <div className="flex justify-end">
        <Button variant="primary" onClick={onDone}>
          {t('staff.otp.done')}
        </Button>
      </div>
    </div>
  );
}
