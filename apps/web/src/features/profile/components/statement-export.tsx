import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import { toast } from '../../../shared/ui/toast-store';
import { fundingApi } from '../api/funding.api';
import { useErrorText } from './use-error-text';
import { saveFile } from '../../../shared/api/save-file';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The account statement as CSV for a chosen period (whole UTC days, at most 366): every ledger
 * entry with its balance after, so the file adds up to the balance change over the period.
 */
export function StatementExport() {
  const { t } = useTranslation('profile');
  const errorText = useErrorText();
  const [from, setFrom] = useState(() => isoDay(Date.now() - 30 * DAY_MS));
  const [to, setTo] = useState(() => isoDay(Date.now()));
  const [busy, setBusy] = useState(false);
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`) + DAY_MS;
  const valid =
    Number.isFinite(start) && Number.isFinite(end) && end > start && end - start <= 366 * DAY_MS;

  const download = async () => {
    setBusy(true);
    try {
      const blob = await fundingApi.statement(
        new Date(start).toISOString(),
        new Date(end).toISOString(),
      );
      saveFile(blob, `statement-${from}-${to}.csv`);
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-wrap items-end gap-3">
      <TextField
        type="date"
        label={t('funding.statement.from')}
        value={from}
        max={to}
        onChange={(event) => setFrom(event.target.value)}
        data-testid="statement-from"
      />
      <TextField
        type="date"
        label={t('funding.statement.to')}
        value={to}
        min={from}
        onChange={(event) => setTo(event.target.value)}
        data-testid="statement-to"
        error={valid ? undefined : t('funding.statement.period')}
      />
      <Button
        variant="secondary"
        onClick={() => void download()}
        disabled={!valid || busy}
        data-testid="statement-download"
      >
        {t('funding.statement.download')}
      </Button>
    </div>
  );
}
