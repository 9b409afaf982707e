import type { AdminInstrument } from '@swx/contract';
import { t } from '../../../i18n/translate';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Td } from '../../../shared/ui/data-table';
import { Switch } from '../../../shared/ui/switch';
import { calendarLabel, marketTypeLabel, shiftDecimal, spreadParts } from '../instruments.rules';
import { LeverageChips } from './leverage-chips';

export function InstrumentRow({
  instrument,
  toggling,
  onToggle,
  onEdit,
  onRevoke,
}: {
  instrument: AdminInstrument;
  /** A change of `enabled` for this row is on its way to the server. */
  toggling: boolean;
  onToggle: (instrument: AdminInstrument, enabled: boolean) => void;
  onEdit: (instrument: AdminInstrument) => void;
  /** Offered on disabled instruments: their waiting orders can be revoked. */
  onRevoke: (instrument: AdminInstrument) => void;
}) {
  const spread = spreadParts(instrument.spread);
  return (
    <tr
      className={`hover:bg-raised/60 ${instrument.enabled ? '' : 'text-muted'}`}
      data-code={instrument.code}
      data-enabled={instrument.enabled}
    >
      <Td>
        <img
          src={instrument.logo}
          alt={instrument.name}
          width={20}
          height={20}
          loading="lazy"
          decoding="async"
          className={`size-5 max-w-none ${instrument.enabled ? '' : 'opacity-50 grayscale'}`}
        />
      </Td>
      <Td className="font-mono text-xs font-medium whitespace-nowrap">{instrument.code}</Td>
      <Td className="min-w-32">{instrument.name}</Td>
      <Td>
        <Badge>{t(marketTypeLabel(instrument.type))}</Badge>
      </Td>
      <Td className="tabular-nums">{instrument.precision}</Td>
      <Td className="font-mono text-xs whitespace-nowrap" dir="ltr">
        {instrument.contractSize}
      </Td>
      <Td className="min-w-44">
        <LeverageChips values={instrument.leverages} />
      </Td>
      <Td className="min-w-40 text-xs">{t(calendarLabel(instrument.calendar))}</Td>
      <Td className="whitespace-nowrap tabular-nums" title={instrument.spread}>
        {t('instruments.spreadPercent', { percent: spread.percent })}{' '}
        <span className="text-xs text-muted">
          {t('instruments.spreadBps', { bps: spread.bps })}
        </span>
      </Td>
      <Td className="whitespace-nowrap tabular-nums" data-testid="fee-rate">
        {instrument.feeRate === null ? (
          <span className="text-xs text-muted">{t('instruments.feeRateDefault')}</span>
        ) : (
          t('instruments.feeRateOwn', { percent: shiftDecimal(instrument.feeRate, 2) })
        )}
      </Td>
      <Td>
        <Switch
          checked={instrument.enabled}
          pending={toggling}
          onCheckedChange={(enabled) => onToggle(instrument, enabled)}
          aria-label={t('instruments.enabledFor', { code: instrument.code })}
        />
      </Td>
      <Td className="tabular-nums">{instrument.sort}</Td>
      <Td>
        <div className="flex gap-1.5">
          <Button
            size="sm"
            onClick={() => onEdit(instrument)}
            aria-label={t('instruments.editCode', { code: instrument.code })}
          >
            {t('common.edit')}
          </Button>
          {instrument.enabled ? null : (
            <Button
              size="sm"
              variant="danger"
              onClick={() => onRevoke(instrument)}
              aria-label={t('instruments.revoke.label', { code: instrument.code })}
            >
              {t('instruments.revoke.button')}
            </Button>
          )}
        </div>
      </Td>
    </tr>
  );
}
