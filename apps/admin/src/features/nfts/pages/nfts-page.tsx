import { cancelNft, createNft, listAdminNft, type NftItem } from '@swx/contract';
import { isDecimalString } from '@swx/money';
import { type FormEvent, useState } from 'react';
import { t } from '../../../i18n/translate';
import { apiCall } from '../../../shared/api/api-client';
import { isApiError } from '../../../shared/api/api-error';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { DataTable, LoadStateRows, MessageRow, Td, Th } from '../../../shared/ui/data-table';
import { TextAreaField, TextField } from '../../../shared/ui/field';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { ListPager } from '../../../shared/ui/list-pager';
import { ConfirmDialog, Modal } from '../../../shared/ui/modal';
import { PageHeader } from '../../../shared/ui/page-header';
import { TimeStamp } from '../../../shared/ui/time-stamp';
import { toast } from '../../../shared/ui/toast-store';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';

const PAGE_SIZE = 20;
const COLUMNS = 6;

/** Charity NFT items (admin): listed with an image and a schedule, cancelled with refunds. */
export function NftsPage() {
  useDocumentTitle(t('nav.nfts'));
  const [page, setPage] = useState(1);
  const items = useApiQuery(listAdminNft, { query: { page, pageSize: PAGE_SIZE } });
  const [creating, setCreating] = useState(false);
  const [cancelling, setCancelling] = useState<NftItem>();
  const [pending, setPending] = useState(false);

  const cancel = async (item: NftItem) => {
    setPending(true);
    try {
      await apiCall(cancelNft, { params: { id: item.id } });
      toast.success(t('nfts.cancelled', { name: item.name }));
      setCancelling(undefined);
      items.reload();
    } catch {
      // The client showed the server's message.
    } finally {
      setPending(false);
    }
  };

  const data = items.data;
  return (
    <>
      <PageHeader
        title={t('nav.nfts')}
        description={t('nfts.description')}
        actions={
          <Button variant="primary" onClick={() => setCreating(true)} data-testid="nft-new">
            {t('nfts.new')}
          </Button>
        }
      />
      <DataTable caption={t('nav.nfts')}>
        <thead>
          <tr>
            <Th>{t('nfts.item')}</Th>
            <Th>{t('nfts.token')}</Th>
            <Th>{t('nfts.prices')}</Th>
            <Th>{t('nfts.window')}</Th>
            <Th>{t('nfts.state')}</Th>
            <Th>
              <span className="sr-only">{t('common.actions')}</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          <LoadStateRows
            columns={COLUMNS}
            rows={3}
            loading={items.loading && !data}
            failed={Boolean(items.error) && !data}
            onRetry={items.reload}
          />
          {data?.list.map((item) => (
            <tr key={item.id} className="align-top" data-testid="nft-row">
              <Td>
                <div className="flex items-center gap-2">
                  <img src={item.imageUrl} alt="" className="size-10 rounded object-cover" />
                  <div>
                    <div className="font-medium">{item.name}</div>
                    <div className="text-xs text-muted">{item.creator}</div>
                  </div>
                </div>
              </Td>
              <Td className="font-mono text-xs break-all" dir="ltr">
                {item.chain} · {item.contractAddress} #{item.tokenId}
              </Td>
              <Td className="font-mono text-xs whitespace-nowrap" dir="ltr">
                {t('nfts.priceLine', {
                  start: item.startingPrice,
                  step: item.bidIncrement,
                  now: item.buyNowPrice ?? '—',
                })}
                <div>
                  {t('nfts.bidLine', { bid: item.currentBid ?? '—', count: item.bidCount })}
                </div>
              </Td>
              <Td className="text-xs">
                <TimeStamp iso={item.startsAt} />
                <TimeStamp iso={item.endsAt} />
              </Td>
              <Td>
                <Badge
                  tone={
                    item.state === 'sold' ? 'success' : item.state === 'live' ? 'accent' : 'neutral'
                  }
                >
                  {item.state}
                </Badge>
                {item.soldPrice ? (
                  <div className="font-mono text-xs" dir="ltr">
                    {item.soldPrice} {item.asset}
                  </div>
                ) : null}
              </Td>
              <Td>
                {item.state === 'live' || item.state === 'scheduled' ? (
                  <Button size="sm" variant="danger" onClick={() => setCancelling(item)}>
                    {t('nfts.cancel')}
                  </Button>
                ) : null}
              </Td>
            </tr>
          ))}
          {data?.list.length === 0 ? (
            <MessageRow columns={COLUMNS}>{t('nfts.empty')}</MessageRow>
          ) : null}
        </tbody>
      </DataTable>
      <ListPager label={t('nav.nfts')} data={data} onPage={setPage} />
      {cancelling ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => (open ? undefined : setCancelling(undefined))}
          title={t('nfts.cancelTitle', { name: cancelling.name })}
          description={t('nfts.cancelLead')}
          confirmLabel={t('nfts.cancel')}
          pending={pending}
          onConfirm={() => void cancel(cancelling)}
        />
      ) : null}
      {creating ? (
        <CreateDialog
          onClose={() => setCreating(false)}
          onCreated={() => {
            setCreating(false);
            items.reload();
          }}
        />
      ) : null}
    </>
  );
}

const localInput = (date: Date) => {
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
};

function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

function CreateDialog({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const [draft, setDraft] = useState(() => ({
    name: '',
    description: '',
    creator: '',
    chain: 'Ethereum',
    contractAddress: '',
    tokenId: '',
    startingPrice: '',
    bidIncrement: '',
    buyNowPrice: '',
    startsAt: localInput(new Date()),
    endsAt: localInput(new Date(Date.now() + 7 * 86_400_000)),
  }));
  const [image, setImage] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [pending, setPending] = useState(false);
  const set = (change: Partial<typeof draft>) => setDraft((d) => ({ ...d, ...change }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const prices = [draft.startingPrice, draft.bidIncrement, draft.buyNowPrice || '1'];
    if (
      !image ||
      !draft.name.trim() ||
      !draft.creator.trim() ||
      !draft.contractAddress.trim() ||
      !draft.tokenId.trim() ||
      !prices.every(isDecimalString)
    ) {
      setProblem(t('nfts.problem'));
      return;
    }
    setPending(true);
    setProblem(undefined);
    try {
      await apiCall(createNft, {
        body: {
          ...draft,
          buyNowPrice: draft.buyNowPrice || null,
          startsAt: new Date(draft.startsAt).toISOString(),
          endsAt: new Date(draft.endsAt).toISOString(),
          image,
        },
        quiet: true,
      });
      toast.success(t('nfts.created', { name: draft.name }));
      onCreated();
    } catch (failure) {
      setProblem(isApiError(failure) ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };

  const field = (key: keyof typeof draft, label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={draft[key]}
      onChange={(e) => set({ [key]: e.target.value })}
      data-testid={`nft-${key}`}
      {...extra}
    />
  );

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('nfts.new')}
      description={t('nfts.description')}
    >
      <form className="flex flex-col gap-3" noValidate onSubmit={(e) => void submit(e)}>
        {problem ? <InlineAlert>{problem}</InlineAlert> : null}
        {field('name', t('nfts.name'))}
        <TextAreaField
          label={t('nfts.descriptionField')}
          value={draft.description}
          onChange={(e) => set({ description: e.target.value })}
        />
        <div className="grid grid-cols-2 gap-2">
          {field('creator', t('nfts.creator'))}
          {field('chain', t('nfts.chain'))}
          {field('contractAddress', t('nfts.contract'), { dir: 'ltr' })}
          {field('tokenId', t('nfts.tokenId'), { dir: 'ltr' })}
        </div>
        <div className="grid grid-cols-3 gap-2">
          {field('startingPrice', t('nfts.startingPrice'), { inputMode: 'decimal', dir: 'ltr' })}
          {field('bidIncrement', t('nfts.increment'), { inputMode: 'decimal', dir: 'ltr' })}
          {field('buyNowPrice', t('nfts.buyNow'), { inputMode: 'decimal', dir: 'ltr' })}
        </div>
        <div className="grid grid-cols-2 gap-2">
          {field('startsAt', t('nfts.startsAt'), { type: 'datetime-local' })}
          {field('endsAt', t('nfts.endsAt'), { type: 'datetime-local' })}
        </div>
        <label className="flex flex-col gap-1 text-sm">
          {t('nfts.image')}
          <input
            type="file"
            accept="image/png,image/jpeg"
            data-testid="nft-image"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void readDataUrl(file).then(setImage);
            }}
          />
        </label>
        {image ? <img src={image} alt="" className="size-24 rounded object-cover" /> : null}
        <Button type="submit" variant="primary" disabled={pending} data-testid="nft-save">
          {t('common.save')}
        </Button>
      </form>
    </Modal>
  );
}
