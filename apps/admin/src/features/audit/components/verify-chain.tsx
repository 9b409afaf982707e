import { type AuditVerification, verifyAudit } from '@swx/contract';
import { useState } from 'react';
import type { z } from 'zod';
import { t } from '../../../i18n/translate';
import { apiCall } from '../../../shared/api/api-client';
import { Button } from '../../../shared/ui/button';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { TimeStamp } from '../../../shared/ui/time-stamp';

type Verification = z.infer<typeof AuditVerification>;

/** Recomputes the hash chain on the server and says plainly whether it holds. */
export function VerifyChain() {
  const [result, setResult] = useState<{ verification: Verification; at: string }>();
  const [pending, setPending] = useState(false);

  const verify = async () => {
    setPending(true);
    try {
      const verification = await apiCall(verifyAudit, {});
      setResult({ verification, at: new Date().toISOString() });
    } catch {
      setResult(undefined);
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <div>
        <Button variant="primary" pending={pending} onClick={() => void verify()}>
          {t('audit.verify.button')}
        </Button>
      </div>
      {result ? (
        <InlineAlert tone={result.verification.ok ? 'success' : 'danger'}>
          <span className="flex flex-wrap items-baseline gap-x-2" data-testid="chain-result">
            <strong className={result.verification.ok ? 'text-success' : 'text-danger'}>
              {result.verification.ok
                ? t('audit.verify.ok', { count: result.verification.checked })
                : result.verification.brokenAt !== null
                  ? t('audit.verify.broken', { id: result.verification.brokenAt })
                  : t('audit.verify.failed')}
            </strong>
            {result.verification.ok ? null : (
              <span>{t('audit.verify.checked', { count: result.verification.checked })}</span>
            )}
            <span className="text-xs text-muted">
              {t('audit.verify.at')} <TimeStamp iso={result.at} />
            </span>
          </span>
        </InlineAlert>
      ) : null}
    </div>
  );
}
