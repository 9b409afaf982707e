import { randomInt } from 'node:crypto';
import { uniqueViolation } from '../../platform/db';

/** Where the six random digits come from (tests make them repeat, as they rarely do). */
export const orderDigits = { draw: (): number => randomInt(1_000_000) };

/**
 * An order's public number: a product prefix, the UTC time it was placed to the second and six
 * random digits (unguessable, so it says nothing about other customers' orders).
 */
export function orderNumber(prefix: string, at: Date): string {
  const stamp = at.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${prefix}${stamp}${String(orderDigits.draw()).padStart(6, '0')}`;
}

const ATTEMPTS = 8;

/**
 * Runs `work` with a fresh order number, and again with another when that number is taken: orders
 * placed in the same second share a number about once in a million pairs, which a busy second
 * reaches. `work` must be all or nothing (a transaction or one statement), so a clash leaves
 * nothing behind.
 */
export async function withOrderNumber<T>(
  prefix: string,
  at: Date,
  work: (orderNo: string) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work(orderNumber(prefix, at));
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (attempt >= ATTEMPTS || !constraint?.endsWith('order_no_unique')) throw error;
    }
  }
}
