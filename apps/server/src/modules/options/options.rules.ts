import type { OptionsState } from '@swx/contract';
import { compareDecimal, dec, roundCredit } from '@swx/money';
import type { PostingInput } from '../ledger';
import type { PeriodTerms } from './options.tables';

/** DOMAIN.md defaults: 30 s 20 %, 60 s 30 %, 120 s 40 %, 300 s 50 %; stakes 10 to 50,000 USDT. */
export const DEFAULT_PERIODS: readonly PeriodTerms[] = [
  { seconds: 30, payoutRate: '0.2', minAmount: '10', maxAmount: '50000' },
  { seconds: 60, payoutRate: '0.3', minAmount: '10', maxAmount: '50000' },
  { seconds: 120, payoutRate: '0.4', minAmount: '10', maxAmount: '50000' },
  { seconds: 300, payoutRate: '0.5', minAmount: '10', maxAmount: '50000' },
];

/** Stakes are USDT. */
export const STAKE_ASSET = 'USDT';

/**
 * The outcome at settlement: up wins when the settling price is above the opening price, down when
 * below; equal prices are a draw. A win pays the stake plus stake x payout rate (rounded down to
 * the asset's scale), a draw returns the stake, a loss pays nothing.
 */
export function outcome(
  direction: 'up' | 'down',
  stake: string,
  payoutRate: string,
  openPrice: string,
  settlePrice: string,
): { state: Exclude<OptionsState, 'running'>; payout: string } {
  const move = compareDecimal(settlePrice, openPrice);
  if (move === 0) return { state: 'draw', payout: dec(stake).toFixed() };
  const won = direction === 'up' ? move > 0 : move < 0;
  if (!won) return { state: 'lost', payout: '0' };
  return {
    state: 'won',
    payout: roundCredit(dec(stake).times(dec('1').plus(payoutRate)), STAKE_ASSET).toFixed(),
  };
}

/**
 * The settlement's postings: the stake leaves the user's `options` bucket, the payout (if any)
 * arrives in `available`, and the house takes or pays the difference (nothing when a draw returns
 * the stake exactly).
 */
export function settlementPostings(userId: number, stake: string, payout: string): PostingInput[] {
  const staked = dec(stake);
  const paid = dec(payout);
  const house = staked.minus(paid);
  return [
    {
      account: { owner: 'user', userId, bucket: 'options' },
      asset: STAKE_ASSET,
      amount: staked.negated().toFixed(),
    },
    ...(paid.isZero()
      ? []
      : [
          {
            account: { owner: 'user', userId, bucket: 'available' } as const,
            asset: STAKE_ASSET,
            amount: paid.toFixed(),
          },
        ]),
    ...(house.isZero()
      ? []
      : [
          {
            account: { owner: 'system', name: 'house' } as const,
            asset: STAKE_ASSET,
            amount: house.toFixed(),
          },
        ]),
  ];
}

/** Problems of a product's periods, for the back office editor (empty when sound). */
export function periodProblems(periods: readonly PeriodTerms[]): string[] {
  const problems: string[] = [];
  if (periods.length === 0) problems.push('at least one period');
  const seen = new Set<number>();
  for (const [i, p] of periods.entries()) {
    if (seen.has(p.seconds)) problems.push(`periods.${i}.seconds: duplicate`);
    seen.add(p.seconds);
    if (dec(p.payoutRate).lte(0) || dec(p.payoutRate).gt(10))
      problems.push(`periods.${i}.payoutRate: between 0 and 10`);
    if (dec(p.minAmount).lte(0)) problems.push(`periods.${i}.minAmount: above zero`);
    if (dec(p.minAmount).gt(p.maxAmount)) problems.push(`periods.${i}.minAmount: above maxAmount`);
  }
  return problems;
}
