import type { OutboxMessage } from '@swx/contract';
import type { BadgeTone } from '../../shared/ui/badge';

/** A page number from the address: anything but a positive whole number is page 1. */
export function pageFromSearch(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/**
 * "In outbox" is the normal state without a provider (the list is the delivery), so it is not a
 * warning; a failure is.
 */
export function statusTone(status: OutboxMessage['status']): BadgeTone {
  if (status === 'sent') return 'success';
  if (status === 'failed') return 'danger';
  return 'accent';
}
