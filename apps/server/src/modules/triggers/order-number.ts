import { randomInt } from 'node:crypto';

/**
 * An order's public number: a product prefix, the UTC time it was placed to the second and six
 * random digits (unguessable, so it says nothing about other customers' orders).
 */
export function orderNumber(prefix: string, at: Date): string {
  const stamp = at.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${prefix}${stamp}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}
