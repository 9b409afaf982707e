import { checkDepositChain, type StaffDeposit } from '@swx/contract';
import { useState } from 'react';
import { t } from '../../../i18n/translate';
import { apiCall } from '../../../shared/api/api-client';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { TimeStamp } from '../../../shared/ui/time-stamp';

/**
 * What the chain said about a deposit's transaction (when an RPC endpoint is configured for its
 * network), and a button to ask again: recipient, token and amount, confirmations, and whether it
 * paid the platform's address. Read calls only.
 */
export function ChainFacts({
  deposit,
  onChecked,
}: {
  deposit: StaffDeposit;
  onChecked: (deposit: StaffDeposit) => void;
}) {
  const [pending, setPending] = useState(false);
  if (!deposit.chainCheck) return null;
  const facts = deposit.chain;
  const ask = async () => {
    setPending(true);
    try {
      onChecked(await apiCall(checkDepositChain, { params: { id: deposit.id } }));
    } catch {
      // The client showed the server's message.
    } finally {
      setPending(false);
    }
  };
  return (
    <div
      className="mt-2 flex flex-col gap-1 rounded-md border border-line p-2"
      data-testid="chain-facts"
    >
      {facts ? (
        <>
          {facts.found ? (
            <>
              <div className="flex flex-wrap gap-1">
                <Badge tone={facts.paysPlatform ? 'success' : 'danger'}>
                  {t(facts.paysPlatform ? 'funding.chain.pays' : 'funding.chain.notPays')}
                </Badge>
                {facts.confirmations !== undefined ? (
                  <Badge>{t('funding.chain.confirmations', { count: facts.confirmations })}</Badge>
                ) : null}
              </div>
              {facts.amount ? (
                <span className="font-mono" dir="ltr">
                  {facts.amount} {facts.token ?? ''}
                </span>
              ) : null}
              {facts.to ? (
                <span className="font-mono break-all" dir="ltr">
                  {t('funding.chain.to', { address: facts.to })}
                </span>
              ) : null}
            </>
          ) : (
            <Badge tone="warning">{t('funding.chain.notFound')}</Badge>
          )}
          {facts.error ? <span className="text-danger">{facts.error}</span> : null}
          <span className="text-muted">
            {t('funding.chain.checked')} <TimeStamp iso={facts.checkedAt} />
          </span>
        </>
      ) : null}
      <Button size="sm" pending={pending} onClick={() => void ask()}>
        {t(facts ? 'funding.chain.again' : 'funding.chain.ask')}
      </Button>
    </div>
  );
}
