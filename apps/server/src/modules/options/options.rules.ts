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
): { state: SettledState; payout: string } {
  const state = settlingState(direction, openPrice, settlePrice);
  return { state, payout: payoutOf(state, stake, payoutRate) };
}

type SettledState = Exclude<OptionsState, 'running'>;

/** Won, lost or draw: how the settling price stands against the opening price. */
export function settlingState(
  direction: 'up' | 'down',
  openPrice: string,
  settlePrice: string,
): SettledState {
  const move = compareDecimal(settlePrice, openPrice);
  if (move === 0) return 'draw';
  return (direction === 'up' ? move > 0 : move < 0) ? 'won' : 'lost';
}

/** What an outcome pays back: stake x (1 + rate) rounded down for a win, the stake for a draw. */
export function payoutOf(state: SettledState, stake: string, payoutRate: string): string {
  if (state === 'draw') return dec(stake).toFixed();
  if (state === 'lost') return '0';
  return roundCredit(dec(stake).times(dec('1').plus(payoutRate)), STAKE_ASSET).toFixed();
}

/** The amounts a settlement moves: the stake out, the payout in, the house's side (null: none). */
export interface SettlementAmounts {
  stake: string;
  paid: string | null;
  house: string | null;
}

export function settlementAmounts(stake: string, payout: string): SettlementAmounts {
  const staked = dec(stake);
  const paid = dec(payout);
  const house = staked.minus(paid);
  return {
    stake: staked.negated().toFixed(),
    paid: paid.isZero() ? null : paid.toFixed(),
    house: house.isZero() ? null : house.toFixed(),
  };
}

/**
 * The settlement's postings: the stake leaves the user's `options` bucket, the payout (if any)
 * arrives in `available`, and the house takes or pays the difference (nothing when a draw returns
 * the stake exactly).
 */
export function settlementPostings(
  userId: number,
  stake: string,
  payout: string,
  amounts: SettlementAmounts = settlementAmounts(stake, payout),
): PostingInput[] {
  const postings: PostingInput[] = [
    {
      account: { owner: 'user', userId, bucket: 'options' },
      asset: STAKE_ASSET,
      amount: amounts.stake,
    },
  ];
  if (amounts.paid !== null)
    postings.push({
      account: { owner: 'user', userId, bucket: 'available' },
      asset: STAKE_ASSET,
      amount: amounts.paid,
    });
  if (amounts.house !== null)
    postings.push({
      account: { owner: 'system', name: 'house' },
      asset: STAKE_ASSET,
      amount: amounts.house,
    });
  return postings;
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
