import type { DecidingTick } from '@swx/contract';
import { t } from '../../../i18n/translate';
import { TimeStamp } from '../../../shared/ui/time-stamp';

/**
 * A deciding tick: its price, second and feed, with a link to the public endpoint that recomputes
 * it from the published seed (anyone, customer or staff, can check it).
 */
export function TickLine({ label, tick }: { label: string; tick: DecidingTick | null }) {
  if (!tick) return null;
  return (
    <div className="flex flex-wrap items-baseline gap-x-1.5 text-xs" data-testid="staff-tick">
      <span className="text-muted">{label}</span>
      <span className="font-mono" dir="ltr">
        {tick.price}
      </span>
      <TimeStamp iso={tick.ts} />
      <span className="text-muted">{t(`orders.source.${tick.source}`)}</span>
      <a
        className="text-accent hover:underline"
        href={`/swx/customer/index/verifyTick/${tick.id}`}
        target="_blank"
        rel="noreferrer"
      >
        {t('orders.verify', { id: tick.id })}
      </a>
    </div>
  );
}
