import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { useSession } from '../../../shared/session/session-store';
import { EmptyState } from '../../../shared/ui/list';
import { Num } from '../../../shared/ui/num';
import { Tabs } from '../../../shared/ui/tabs';
import { TextField } from '../../../shared/ui/text-field';
import { MyNfts } from '../components/my-nfts';
import { NftCard } from '../components/nft-card';
import { NftDetail } from '../components/nft-detail';
import { nftsApi, type NftFilter } from '../nfts.api';

/** /nfts: charity NFT auctions; `?id=` opens one item with its live bid history. */
export default function NftsPage() {
  const { t } = useTranslation('nft');
  const { token, mode } = useSession();
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<NftFilter>('all');
  const [version, setVersion] = useState(0);
  const list = useApiQuery(`nft/list/${filter}/${search}/${version}`, (signal) =>
    nftsApi.list({ search, filter }, signal),
  );
  const open = (next: number | null) => {
    const copy = new URLSearchParams(params);
    if (next === null) copy.delete('id');
    else copy.set('id', String(next));
    setParams(copy);
  };

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6">
      <title>{t('title')}</title>
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <p className="text-muted" data-testid="nft-custodial">
          {t('lead')}
        </p>
        <p className="text-lg">
          {t('donation')}:{' '}
          <span data-testid="nft-donation">
            <Num className="font-semibold text-success">
              {`${list.data?.donationTotal ?? '—'} USDT`}
            </Num>
          </span>
        </p>
      </header>
      {token && mode === 'demo' ? (
        <p
          role="status"
          className="rounded-xl border border-line bg-subtle p-4"
          data-testid="nft-demo"
        >
          {t('demoNeeded')}
        </p>
      ) : null}
      {id ? (
        <NftDetail id={id} onBack={() => open(null)} onChanged={() => setVersion((v) => v + 1)} />
      ) : (
        <section className="flex flex-col gap-3" aria-label={t('title')}>
          <TextField
            label={t('search')}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="nft-search"
          />
          <Tabs
            label={t('title')}
            value={filter}
            onValueChange={(v) => setFilter(v as NftFilter)}
            items={(['all', 'live', 'scheduled', 'ended'] as const).map((value) => ({
              value,
              label: t(`filter.${value}`),
              content:
                list.data && list.data.list.length === 0 ? (
                  <EmptyState icon="market" title={t('empty')} />
                ) : (
                  <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                    {(list.data?.list ?? []).map((item) => (
                      <NftCard key={item.id} item={item} onOpen={() => open(item.id)} />
                    ))}
                  </ul>
                ),
            }))}
          />
        </section>
      )}
      {token && mode === 'real' ? <MyNfts version={version} onOpen={open} /> : null}
    </div>
  );
}
