import type { NftItem } from '@swx/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Num } from '../../../shared/ui/num';
import { timeLeft } from '../nfts.rules';

export const TONES: Record<NftItem['state'], BadgeTone> = {
  scheduled: 'neutral',
  live: 'primary',
  sold: 'success',
  unsold: 'neutral',
  cancelled: 'danger',
};

export function TimeLeft({ until }: { until: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <Num>{timeLeft(Date.parse(until) - now)}</Num>;
}

function Price({ item }: { item: NftItem }) {
  const { t } = useTranslation('nft');
  if (item.soldPrice !== null) {
    return <Num>{t('soldFor', { amount: item.soldPrice, asset: item.asset })}</Num>;
  }
  return <Num>{`${item.currentBid ?? item.startingPrice} ${item.asset}`}</Num>;
}

export function NftCard({ item, onOpen }: { item: NftItem; onOpen: () => void }) {
  const { t } = useTranslation('nft');
  return (
    <li
      className="flex flex-col overflow-hidden rounded-2xl border border-line bg-surface"
      data-testid="nft-card"
      data-state={item.state}
    >
      <img src={item.imageUrl} alt={item.name} className="aspect-square w-full object-cover" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-center justify-between gap-2">
          <h3 className="font-semibold">{item.name}</h3>
          <Badge tone={TONES[item.state]}>{t(`state.${item.state}`)}</Badge>
        </div>
        <p className="text-sm text-muted">
          {t('creator')}: {item.creator}
        </p>
        <p className="text-sm">
          {item.currentBid === null && item.soldPrice === null
            ? t('startingPrice')
            : t('currentBid')}
          : <Price item={item} />
        </p>
        {item.state === 'live' ? (
          <p className="text-sm text-muted">
            {t('endsIn')} <TimeLeft until={item.endsAt} />
          </p>
        ) : item.state === 'scheduled' ? (
          <p className="text-sm text-muted">
            {t('startsIn')} <TimeLeft until={item.startsAt} />
          </p>
        ) : null}
        <Button variant="secondary" onClick={onOpen} data-testid="nft-open">
          {t('open')}
        </Button>
      </div>
    </li>
  );
}
