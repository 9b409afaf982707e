import {
  type AdminInstrument,
  listAdminInstruments,
  revokeInstrumentOrders,
  updateInstrument,
} from '@swx/contract';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { t } from '../../../i18n/translate';
import { apiCall } from '../../../shared/api/api-client';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { DataTable, LoadStateRows, MessageRow, Th } from '../../../shared/ui/data-table';
import { TextField } from '../../../shared/ui/field';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { ConfirmDialog } from '../../../shared/ui/modal';
import { PageHeader } from '../../../shared/ui/page-header';
import { toast } from '../../../shared/ui/toast-store';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { EditInstrumentDialog } from '../components/edit-instrument-dialog';
import { InstrumentRow } from '../components/instrument-row';
import {
  compareInstruments,
  MARKET_TYPES,
  marketTypeLabel,
  matchesQuery,
} from '../instruments.rules';

const COLUMNS = 13;
const TABS = ['all', ...MARKET_TYPES.map(String)] as const;
type Tab = (typeof TABS)[number];

function isTab(value: string | null): value is Tab {
  return (TABS as readonly (string | null)[]).includes(value);
}

export function InstrumentsPage() {
  useDocumentTitle(t('nav.instruments'));
  const [search, setSearch] = useSearchParams();
  const requested = search.get('type');
  const tab: Tab = isTab(requested) ? requested : 'all';
  const [query, setQuery] = useState(() => search.get('q') ?? '');
  const instruments = useApiQuery(listAdminInstruments, {});
  const [editing, setEditing] = useState<AdminInstrument>();
  const [disabling, setDisabling] = useState<AdminInstrument>();
  const [toggling, setToggling] = useState<number>();
  const [revoking, setRevoking] = useState<AdminInstrument>();
  const [revokePending, setRevokePending] = useState(false);

  // Type and search live in the address, so a filtered list can be linked to and survives a reload.
  const setFilter = (next: { type?: Tab; q?: string }) => {
    const type = next.type ?? tab;
    const q = (next.q ?? query).trim();
    const params: Record<string, string> = {};
    if (type !== 'all') params.type = type;
    if (q) params.q = q;
    setSearch(params, { replace: true });
  };

  const all = instruments.data;
  const rows = all
    ?.filter((i) => (tab === 'all' || String(i.type) === tab) && matchesQuery(i, query))
    .sort(compareInstruments);
  const countOf = (type: Tab) =>
    all ? (type === 'all' ? all.length : all.filter((i) => String(i.type) === type).length) : null;

  const replace = (saved: AdminInstrument) =>
    instruments.setData((list) => list?.map((i) => (i.id === saved.id ? saved : i)));

  const setEnabled = async (instrument: AdminInstrument, enabled: boolean) => {
    setToggling(instrument.id);
    try {
      const saved = await apiCall(updateInstrument, {
        params: { id: instrument.id },
        body: { enabled },
      });
      replace(saved);
      toast.success(
        t(enabled ? 'instruments.enable.done' : 'instruments.disable.done', { code: saved.code }),
      );
      setDisabling(undefined);
    } catch {
      // The client showed the server's message.
    } finally {
      setToggling(undefined);
    }
  };

  const revoke = async (instrument: AdminInstrument) => {
    setRevokePending(true);
    try {
      const done = await apiCall(revokeInstrumentOrders, { params: { id: instrument.id } });
      toast.success(t('instruments.revoke.done', done));
      setRevoking(undefined);
    } catch {
      // The client showed the server's message.
    } finally {
      setRevokePending(false);
    }
  };

  // Enabling is immediate; disabling hides the instrument from customers, so it asks first.
  const toggle = (instrument: AdminInstrument, enabled: boolean) => {
    if (enabled) void setEnabled(instrument, true);
    else setDisabling(instrument);
  };

  const table = (
    <DataTable caption={t('instruments.caption')} compact>
      <thead>
        <tr>
          <Th>
            <span className="sr-only">{t('instruments.logo')}</span>
          </Th>
          <Th>{t('instruments.code')}</Th>
          <Th>{t('instruments.name')}</Th>
          <Th>{t('instruments.typeColumn')}</Th>
          <Th>{t('instruments.precision')}</Th>
          <Th>{t('instruments.contractSize')}</Th>
          <Th>{t('instruments.leverages')}</Th>
          <Th>{t('instruments.calendarColumn')}</Th>
          <Th>{t('instruments.spread')}</Th>
          <Th>{t('instruments.feeRate')}</Th>
          <Th>{t('instruments.enabled')}</Th>
          <Th>{t('instruments.sort')}</Th>
          <Th>
            <span className="sr-only">{t('common.actions')}</span>
          </Th>
        </tr>
      </thead>
      <tbody>
        <LoadStateRows
          columns={COLUMNS}
          rows={10}
          loading={instruments.loading && !all}
          failed={Boolean(instruments.error) && !all}
          onRetry={instruments.reload}
        />
        {rows?.map((instrument) => (
          <InstrumentRow
            key={instrument.id}
            instrument={instrument}
            toggling={toggling === instrument.id}
            onToggle={toggle}
            onEdit={setEditing}
            onRevoke={setRevoking}
          />
        ))}
        {rows?.length === 0 ? (
          <MessageRow columns={COLUMNS}>
            {query.trim()
              ? t('instruments.emptySearch', { query: query.trim() })
              : t('instruments.empty')}
          </MessageRow>
        ) : null}
      </tbody>
    </DataTable>
  );

  return (
    <>
      <PageHeader title={t('nav.instruments')} description={t('instruments.description')} />
      <InlineAlert tone="info" className="mb-4">
        {t('instruments.integrity')}
      </InlineAlert>
      <Tabs.Root
        value={tab}
        onValueChange={(value) => setFilter({ type: isTab(value) ? value : 'all' })}
        activationMode="manual"
      >
        <Tabs.List
          aria-label={t('instruments.tabsLabel')}
          className="mb-3 flex flex-wrap gap-1 border-b border-line"
        >
          {TABS.map((value) => {
            const count = countOf(value);
            return (
              <Tabs.Trigger
                key={value}
                value={value}
                className="-mb-px flex items-baseline gap-1.5 border-b-2 border-transparent px-3 py-1.5 text-sm font-medium text-muted hover:text-fg data-[state=active]:border-accent data-[state=active]:text-fg"
              >
                {value === 'all' ? t('instruments.tabs.all') : t(marketTypeLabel(Number(value)))}
                {count === null ? null : (
                  <span className="text-xs font-normal text-muted tabular-nums">{count}</span>
                )}
              </Tabs.Trigger>
            );
          })}
        </Tabs.List>
        <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
          <div role="search" className="w-full sm:w-80">
            <TextField
              type="search"
              label={t('instruments.search')}
              placeholder={t('instruments.searchPlaceholder')}
              autoComplete="off"
              spellCheck={false}
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setFilter({ q: event.target.value });
              }}
            />
          </div>
          {all && rows ? (
            <p className="text-sm text-muted" aria-live="polite">
              {t('instruments.shown', { shown: rows.length, total: all.length })}
            </p>
          ) : null}
        </div>
        {TABS.map((value) => (
          <Tabs.Content key={value} value={value} className="outline-none">
            {table}
          </Tabs.Content>
        ))}
      </Tabs.Root>

      {editing ? (
        <EditInstrumentDialog
          key={editing.id}
          instrument={editing}
          onClose={() => setEditing(undefined)}
          onSaved={replace}
        />
      ) : null}

      <ConfirmDialog
        open={disabling !== undefined}
        onOpenChange={(open) => (open ? undefined : setDisabling(undefined))}
        title={t('instruments.disable.title', { code: disabling?.code ?? '' })}
        description={t('instruments.disable.description')}
        confirmLabel={t('instruments.disable.confirm')}
        pending={disabling !== undefined && toggling === disabling.id}
        onConfirm={() => disabling && void setEnabled(disabling, false)}
      />
      <ConfirmDialog
        open={revoking !== undefined}
        onOpenChange={(open) => (open ? undefined : setRevoking(undefined))}
        title={t('instruments.revoke.title', { code: revoking?.code ?? '' })}
        description={t('instruments.revoke.description')}
        confirmLabel={t('instruments.revoke.confirm')}
        pending={revokePending}
        onConfirm={() => revoking && void revoke(revoking)}
      />
    </>
  );
}
