import {
  verifyLiabilityProof,
  type LiabilityBalance,
  type LiabilityRoot,
  type ProofCheck,
} from '@swx/contract';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { saveFile } from '../../../shared/api/save-file';
import { formatDate, formatDateTime } from '../../../shared/format/format-date';
import { formatInteger } from '../../../shared/format/format-number';
import { formatMoney } from '../../../shared/format/format-money';
import { Button } from '../../../shared/ui/button';
import { Icon } from '../../../shared/ui/icons';
import { EmptyState, ListSkeleton } from '../../../shared/ui/list';
import { Num } from '../../../shared/ui/num';
import { toast } from '../../../shared/ui/toast-store';
import { fetchLiabilityProof, fetchLiabilityRoots } from '../api/proof.api';
import { ProfileFrame, ProfileHeading, Section } from '../components/profile-heading';
import { ProfileIcon } from '../components/profile-icons';
import { RequireLogin } from '../components/require-login';
import { useErrorText } from '../components/use-error-text';

/**
 * /profile/proof: proof of liabilities. The latest published Merkle root of every customer's real
 * balances with its totals; the customer's own inclusion proof as a file; and the check itself,
 * run here in the browser (WebCrypto) by the contract's verifier, on the proof fetched or on a
 * file the customer uploads or pastes, always against the root the platform published.
 */
export default function ProofPage() {
  return (
    <RequireLogin>
      <Proof />
    </RequireLogin>
  );
}

type Outcome =
  | { state: 'verified'; day: string; user: string; balances: LiabilityBalance[] }
  | { state: 'failed'; reason: 'malformed' | 'path' | 'root' | 'unpublished' };

/** Checks a proof against the root published for its day (never against the file's own root). */
async function check(input: unknown, roots: readonly LiabilityRoot[]): Promise<Outcome> {
  const day = (input as { day?: unknown } | null)?.day;
  const published = roots.find((r) => r.day === day);
  const result: ProofCheck = await verifyLiabilityProof(input, published?.root ?? '');
  if (result.ok) {
    const proof = input as { day: string; leaf: { user: string; balances: LiabilityBalance[] } };
    return {
      state: 'verified',
      day: proof.day,
      user: proof.leaf.user,
      balances: proof.leaf.balances,
    };
  }
  if (result.reason === 'root' && !published) return { state: 'failed', reason: 'unpublished' };
  return { state: 'failed', reason: result.reason };
}

function Proof() {
  const { t } = useTranslation('profile');
  const roots = useApiQuery('proof/roots', (signal) => fetchLiabilityRoots(signal));
  const list = roots.data?.list;
  return (
    <ProfileFrame wide>
      <title>{t('proof.documentTitle')}</title>
      <ProfileHeading title={t('proof.title')} lead={t('proof.lead')} />
      {!list ? (
        <ListSkeleton rows={3} label={t('common:state.loading')} />
      ) : (
        <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <div className="flex min-w-0 flex-col gap-6">
            {list[0] ? (
              <PublishedRoot root={list[0]} />
            ) : (
              <EmptyState icon="shield" title={t('proof.none')} />
            )}
            <HowItWorks />
          </div>
          <div className="flex min-w-0 flex-col gap-6">
            {list[0] ? <MyProof roots={list} /> : null}
            <CheckFile roots={list} />
          </div>
        </div>
      )}
    </ProfileFrame>
  );
}

function PublishedRoot({ root }: { root: LiabilityRoot }) {
  const { t, i18n } = useTranslation('profile');
  const locale = i18n.language;
  return (
    <Section id="proof-published" title={t('proof.published')}>
      <dl className="flex flex-col gap-3 text-sm" data-testid="proof-root">
        <div className="flex flex-wrap justify-between gap-2">
          <dt className="text-muted">{t('proof.day')}</dt>
          <dd className="font-medium">
            {/* Dates are isolated but not forced left to right: Intl marks Arabic dates itself. */}
            <time dateTime={root.day}>
              <bdi>{formatDate(`${root.day}T00:00:00Z`, locale, 'UTC')}</bdi>
            </time>
          </dd>
        </div>
        <div className="flex flex-wrap justify-between gap-2">
          <dt className="text-muted">{t('proof.snapshotAt')}</dt>
          <dd>
            <time dateTime={root.snapshotAt}>
              <bdi>{formatDateTime(root.snapshotAt, locale)}</bdi>
            </time>
          </dd>
        </div>
        <div className="flex flex-wrap justify-between gap-2">
          <dt className="text-muted">{t('proof.leafCount')}</dt>
          <dd className="font-medium" data-testid="proof-leaf-count">
            <Num>{formatInteger(root.leafCount, locale)}</Num>
          </dd>
        </div>
        <div className="flex flex-col gap-1">
          <dt className="text-muted">{t('proof.root')}</dt>
          <dd
            dir="ltr"
            className="rounded-lg bg-subtle p-2 font-mono text-xs break-all"
            data-testid="proof-root-hash"
          >
            {root.root}
          </dd>
        </div>
        <div className="flex flex-col gap-1">
          <dt className="text-muted">{t('proof.totals')}</dt>
          <dd>
            <ul className="divide-y divide-line rounded-lg border border-line">
              {root.totals.map((total) => (
                <li key={total.asset} className="flex justify-between gap-2 px-3 py-2">
                  <span className="font-medium">{total.asset}</span>
                  <Num>{formatMoney(total.total, total.asset, locale)}</Num>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
    </Section>
  );
}

function MyProof({ roots }: { roots: readonly LiabilityRoot[] }) {
  const { t } = useTranslation('profile');
  const errorText = useErrorText();
  const [busy, setBusy] = useState<'download' | 'verify' | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const run = async (action: 'download' | 'verify') => {
    setBusy(action);
    try {
      const proof = await fetchLiabilityProof();
      if (action === 'download') {
        const json = `${JSON.stringify(proof, null, 2)}\n`;
        saveFile(
          new Blob([json], { type: 'application/json' }),
          `swx-liabilities-proof-${proof.day}.json`,
        );
      } else {
        setOutcome(await check(proof, roots));
      }
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Section id="proof-mine" title={t('proof.mine')}>
      <p className="mb-4 text-sm text-muted">{t('proof.mineLead')}</p>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          loading={busy === 'download'}
          disabled={busy !== null}
          icon={<Icon name="download" className="size-5" />}
          onClick={() => void run('download')}
          data-testid="proof-download"
        >
          {t('proof.download')}
        </Button>
        <Button
          loading={busy === 'verify'}
          disabled={busy !== null}
          icon={<Icon name="shield" className="size-5" />}
          onClick={() => void run('verify')}
          data-testid="proof-verify"
        >
          {t('proof.verify')}
        </Button>
      </div>
      {outcome ? <OutcomePanel outcome={outcome} testId="proof-result" /> : null}
    </Section>
  );
}

function CheckFile({ roots }: { roots: readonly LiabilityRoot[] }) {
  const { t } = useTranslation('profile');
  const [text, setText] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const verifyText = async (source: string) => {
    setBusy(true);
    try {
      let input: unknown;
      try {
        input = JSON.parse(source);
      } catch {
        setOutcome({ state: 'failed', reason: 'malformed' });
        return;
      }
      setOutcome(await check(input, roots));
    } finally {
      setBusy(false);
    }
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    void file.text().then((content) => {
      setText(content);
      return verifyText(content);
    });
  };

  return (
    <Section id="proof-file" title={t('proof.checkFile')}>
      <p className="mb-4 text-sm text-muted">{t('proof.checkFileLead')}</p>
      <div className="flex flex-col gap-3">
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={onFile}
          data-testid="proof-file-input"
        />
        <Button
          variant="secondary"
          className="self-start"
          icon={<ProfileIcon name="upload" className="size-5" />}
          onClick={() => fileInput.current?.click()}
          data-testid="proof-upload"
        >
          {t('proof.upload')}
        </Button>
        <label htmlFor="proof-paste" className="text-sm font-medium">
          {t('proof.paste')}
        </label>
        <textarea
          id="proof-paste"
          dir="ltr"
          rows={5}
          value={text}
          onChange={(event) => setText(event.target.value)}
          spellCheck={false}
          className="block w-full rounded-lg border border-line-strong bg-surface p-3 font-mono text-xs text-fg focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-focus"
          data-testid="proof-paste"
        />
        <Button
          className="self-start"
          loading={busy}
          disabled={busy || text.trim() === ''}
          onClick={() => void verifyText(text)}
          data-testid="proof-verify-file"
        >
          {t('proof.verifyFile')}
        </Button>
      </div>
      {outcome ? <OutcomePanel outcome={outcome} testId="proof-file-result" /> : null}
    </Section>
  );
}

function OutcomePanel({ outcome, testId }: { outcome: Outcome; testId: string }) {
  const { t, i18n } = useTranslation('profile');
  const locale = i18n.language;
  if (outcome.state === 'failed') {
    return (
      <div
        role="status"
        className="mt-4 flex gap-3 rounded-xl border border-danger bg-danger-soft p-3 text-danger"
        data-testid={testId}
        data-state="failed"
      >
        <Icon name="alert" className="size-5 shrink-0" />
        <div className="flex flex-col gap-1">
          <p className="font-semibold">{t('proof.failed')}</p>
          <p className="text-sm">{t(`proof.reason.${outcome.reason}`)}</p>
        </div>
      </div>
    );
  }
  const day = formatDate(`${outcome.day}T00:00:00Z`, locale, 'UTC');
  return (
    <div
      role="status"
      className="mt-4 flex flex-col gap-3 rounded-xl border border-success bg-success-soft p-3"
      data-testid={testId}
      data-state="verified"
    >
      <p className="flex gap-3 font-semibold text-success">
        <Icon name="check" className="size-5 shrink-0" />
        <span>{t('proof.verified', { day })}</span>
      </p>
      <div className="text-sm">
        <p className="text-muted">
          {t('proof.account')} <Num>{outcome.user}</Num>
        </p>
        <p className="mt-2 font-medium">{t('proof.balances', { day })}</p>
        <ul className="mt-1 divide-y divide-line rounded-lg border border-line bg-surface">
          {outcome.balances.map((b) => (
            <li
              key={b.asset}
              className="flex justify-between gap-2 px-3 py-2"
              data-testid="proof-balance"
            >
              <span className="font-medium">{b.asset}</span>
              <Num>{formatMoney(b.balance, b.asset, locale)}</Num>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function HowItWorks() {
  const { t } = useTranslation('profile');
  return (
    <Section id="proof-how" title={t('proof.how')}>
      <p className="text-sm text-muted">{t('proof.howText')}</p>
    </Section>
  );
}
