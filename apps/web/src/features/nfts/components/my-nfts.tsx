import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { useUserEvents } from '../../../shared/realtime/realtime';
import { Num } from '../../../shared/ui/num';
import { nftsApi } from '../nfts.api';
import { NftCard } from './nft-card';

export function MyNfts({ version, onOpen }: { version: number; onOpen: (id: number) => void }) {
  const { t } = useTranslation('nft');
  // Reloads (a new version after an action, or an event) keep the list on screen until the new
  // one arrives.
  const mine = useApiQuery(`nft/mine/${version}`, (signal) => nftsApi.mine(signal), {
    keepPreviousData: true,
  });
  useUserEvents((event) => {
    if (event.type === 'order' || event.type === 'balance') mine.retry();
  }, mine.retry);
  const data = mine.data;
  return (
    <section aria-labelledby="nft-mine" className="flex flex-col gap-3" data-testid="nft-mine">
      <h2 id="nft-mine" className="text-lg font-semibold">
        {t('mine')}
      </h2>
      {data && data.owned.length === 0 ? (
        <p className="text-sm text-muted">{t('noneOwned')}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {(data?.owned ?? []).map((item) => (
            <NftCard key={item.id} item={item} onOpen={() => onOpen(item.id)} />
          ))}
        </ul>
      )}
      {data && data.bids.length > 0 ? (
        <>
          <h3 className="font-semibold">{t('myBids')}</h3>
          <ul className="flex flex-col divide-y divide-line rounded-xl border border-line">
            {data.bids.map((bid) => (
              <li
                key={bid.id}
                className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
                data-testid="nft-my-bid"
                data-state={bid.state}
              >
                <span>{bid.item.name}</span>
                <Num>{`${bid.amount} ${bid.item.asset}`}</Num>
                <span className="text-muted">{t(`bidState.${bid.state}`)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
