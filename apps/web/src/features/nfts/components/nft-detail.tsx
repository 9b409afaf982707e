import type { NftBid } from '@swx/contract';
import { dec } from '@swx/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { apiErrorMessage } from '../../../shared/api/error-message';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { formatDateTime } from '../../../shared/format/format-date';
import { paths } from '../../../shared/navigation/paths';
import { useTopic } from '../../../shared/realtime/realtime';
import { useSession } from '../../../shared/session/session-store';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { Num } from '../../../shared/ui/num';
import { TextField } from '../../../shared/ui/text-field';
import { toast } from '../../../shared/ui/toast-store';
import { nftsApi } from '../nfts.api';
import { TimeLeft, TONES } from './nft-card';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-muted">{label}</dt>
      <dd className="break-all text-end font-medium">{children}</dd>
    </>
  );
}

export function NftDetail({
  id,
  onBack,
  onChanged,
}: {
  id: number;
  onBack: () => void;
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation('nft');
  const { token, mode } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [tick, setTick] = useState(0);
  const detail = useApiQuery(`nft/detail/${id}/${tick}`, (signal) => nftsApi.item(id, signal));
  // Every bid or sale on this item, by anyone, refreshes the page over the socket.
  useTopic(`nft:${id}`, () => setTick((n) => n + 1));
  const [amount, setAmount] = useState('');
  const [confirming, setConfirming] = useState<'bid' | 'buyNow' | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [key, setKey] = useState(() => crypto.randomUUID());
  const item = detail.data;
  const bidValue = amount || item?.minimumBid || '';
  const errorText = (e: unknown) => apiErrorMessage(e, i18n.t.bind(i18n), (k) => i18n.exists(k));

  const ask = (kind: 'bid' | 'buyNow') => {
    if (!token) {
      const back = `${location.pathname}${location.search}`;
      void navigate(`${paths.login}?${new URLSearchParams({ redirect: back }).toString()}`);
      return;
    }
    if (
      kind === 'bid' &&
      item &&
      (!/^\d+(\.\d+)?$/.test(bidValue) ||
        dec(bidValue).lt(item.minimumBid) ||
        (item.buyNowPrice !== null && dec(bidValue).gte(item.buyNowPrice)))
    ) {
      setError(t('errors:10152'));
      return;
    }
    setError(undefined);
    setConfirming(kind);
  };

  const confirm = async () => {
    if (!item || !confirming) return;
    setBusy(true);
    try {
      await nftsApi.buy(
        confirming === 'bid'
          ? { id: item.id, kind: 'bid', amount: bidValue }
          : { id: item.id, kind: 'buyNow' },
        key,
      );
      toast.success(t(confirming === 'bid' ? 'bidPlaced' : 'bought'));
      setConfirming(null);
      setAmount('');
      setKey(crypto.randomUUID());
      setTick((n) => n + 1);
      onChanged();
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  if (!item) return <p role="status">…</p>;
  const live = item.state === 'live' && Date.parse(item.endsAt) > Date.now();
  const realBlocked = Boolean(token) && mode === 'demo';
  return (
    <section className="flex flex-col gap-4" data-testid="nft-detail" data-state={item.state}>
      <Button variant="ghost" onClick={onBack} className="self-start">
        {t('back')}
      </Button>
      <div className="grid gap-6 md:grid-cols-2">
        <img
          src={item.imageUrl}
          alt={item.name}
          className="aspect-square w-full rounded-2xl border border-line object-cover"
        />
        <div className="flex flex-col gap-4">
          <div className="flex items-center justify-between gap-2">
            <h2 className="text-xl font-semibold">{item.name}</h2>
            <Badge tone={TONES[item.state]}>{t(`state.${item.state}`)}</Badge>
          </div>
          {item.description ? <p className="text-muted">{item.description}</p> : null}
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <Fact label={t('creator')}>{item.creator}</Fact>
            <Fact label={t('chain')}>{item.chain}</Fact>
            <Fact label={t('contract')}>
              <Num>{item.contractAddress}</Num>
            </Fact>
            <Fact label={t('tokenId')}>
              <Num>{item.tokenId}</Num>
            </Fact>
            <Fact label={t('startingPrice')}>
              <Num>{`${item.startingPrice} ${item.asset}`}</Num>
            </Fact>
            <Fact label={t('currentBid')}>
              <span data-testid="nft-current-bid">
                {item.currentBid === null ? (
                  t('noBids')
                ) : (
                  <Num>{`${item.currentBid} ${item.asset}`}</Num>
                )}
              </span>
            </Fact>
            <Fact label={t('increment')}>
              <Num>{`${item.bidIncrement} ${item.asset}`}</Num>
            </Fact>
            {item.buyNowPrice !== null ? (
              <Fact label={t('buyNowPrice')}>
                <Num>{`${item.buyNowPrice} ${item.asset}`}</Num>
              </Fact>
            ) : null}
            {item.state === 'live' || item.state === 'scheduled' ? (
              <Fact label={item.state === 'live' ? t('endsIn') : t('startsIn')}>
                <TimeLeft until={item.state === 'live' ? item.endsAt : item.startsAt} />
              </Fact>
            ) : (
              <Fact label={t('ended')}>{formatDateTime(item.endsAt, i18n.language)}</Fact>
            )}
            {item.owner ? <Fact label={t('owner')}>{item.owner}</Fact> : null}
          </dl>
          {live ? (
            <div className="flex flex-col gap-3 rounded-2xl border border-line p-4">
              <TextField
                label={t('yourBid')}
                inputMode="decimal"
                value={amount}
                placeholder={item.minimumBid}
                hint={t('minimum', { amount: item.minimumBid, asset: item.asset })}
                error={error}
                onChange={(e) => {
                  setAmount(e.target.value.trim());
                  setError(undefined);
                }}
                data-testid="nft-amount"
              />
              <div className="flex flex-wrap gap-2">
                <Button onClick={() => ask('bid')} disabled={realBlocked} data-testid="nft-bid">
                  {t('bid')}
                </Button>
                {item.buyNowPrice !== null ? (
                  <Button
                    variant="secondary"
                    onClick={() => ask('buyNow')}
                    disabled={realBlocked}
                    data-testid="nft-buy-now"
                  >
                    {t('buyNow')}
                  </Button>
                ) : null}
              </div>
            </div>
          ) : null}
        </div>
      </div>
      <section aria-labelledby="nft-bids" className="flex flex-col gap-2">
        <h3 id="nft-bids" className="font-semibold">
          {t('bids')}
        </h3>
        {item.bids.length === 0 ? (
          <p className="text-sm text-muted">{t('noBids')}</p>
        ) : (
          <ol
            className="flex flex-col divide-y divide-line rounded-xl border border-line"
            data-testid="nft-bid-history"
          >
            {item.bids.map((bid) => (
              <BidLine key={bid.id} bid={bid} asset={item.asset} />
            ))}
          </ol>
        )}
      </section>
      {confirming ? (
        <Dialog
          open
          onOpenChange={(o) => !o && setConfirming(null)}
          title={confirming === 'bid' ? t('bid') : t('buyNow')}
          description={
            confirming === 'bid'
              ? t('confirmBid', { amount: bidValue, asset: item.asset, name: item.name })
              : t('confirmBuy', {
                  amount: item.buyNowPrice ?? '',
                  asset: item.asset,
                  name: item.name,
                })
          }
          footer={
            <Button onClick={() => void confirm()} disabled={busy} data-testid="nft-confirm">
              {t('confirm')}
            </Button>
          }
        >
          <p className="text-sm text-muted">{t('lead')}</p>
        </Dialog>
      ) : null}
    </section>
  );
}

function BidLine({ bid, asset }: { bid: NftBid; asset: string }) {
  const { t, i18n } = useTranslation('nft');
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
      data-testid="nft-bid-line"
      data-state={bid.state}
    >
      <span>{bid.bidder}</span>
      <Num className="font-medium">{`${bid.amount} ${asset}`}</Num>
      <span className="text-muted">{t(`bidState.${bid.state}`)}</span>
      <span className="text-muted">{formatDateTime(bid.at, i18n.language)}</span>
    </li>
  );
}
