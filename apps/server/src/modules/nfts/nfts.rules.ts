import { dec } from '@swx/money';

export interface NftTerms {
  state: 'open' | 'sold' | 'unsold' | 'cancelled';
  startsAt: Date;
  endsAt: Date;
  startingPrice: string;
  bidIncrement: string;
  currentBid: string | null;
  buyNowPrice: string | null;
}

/**
 * What customers see: an open item is scheduled before its start and live after it (past its end
 * it stays live, taking no bids, until the closing job settles it within the minute).
 */
export function stateAt(item: NftTerms, now: Date) {
  if (item.state !== 'open') return item.state;
  return now < item.startsAt ? ('scheduled' as const) : ('live' as const);
}

/** Bids are taken while the item is open and the clock is inside its window. */
export function takesBids(item: NftTerms, now: Date): boolean {
  return item.state === 'open' && now >= item.startsAt && now < item.endsAt;
}

/** The lowest bid accepted now: the starting price, or the current bid plus the increment. */
export function minimumBid(item: NftTerms): string {
  return item.currentBid === null
    ? dec(item.startingPrice).toFixed()
    : dec(item.currentBid).plus(item.bidIncrement).toFixed();
}

/** A bid is valid from the minimum up to, not including, the buy-now price. */
export function bidFits(item: NftTerms, amount: string): boolean {
  const value = dec(amount);
  if (value.lt(minimumBid(item))) return false;
  return item.buyNowPrice === null || value.lt(item.buyNowPrice);
}

/** A name shown to others: its first and last character around asterisks. */
export function maskName(name: string): string {
  const chars = Array.from(name);
  if (chars.length <= 2) return `${chars[0] ?? ''}*`;
  return `${chars[0]}***${chars.at(-1)}`;
}

/** The problems of an item as staff enter it (path: message), none when it can be listed. */
export function itemProblems(input: {
  startingPrice: string;
  bidIncrement: string;
  buyNowPrice: string | null;
  startsAt: string;
  endsAt: string;
}): string[] {
  const problems: string[] = [];
  if (Date.parse(input.endsAt) <= Date.parse(input.startsAt))
    problems.push('endsAt: after the start');
  if (input.buyNowPrice !== null && dec(input.buyNowPrice).lte(input.startingPrice))
    problems.push('buyNowPrice: above the starting price');
  if (dec(input.bidIncrement).lte(0)) problems.push('bidIncrement: above 0');
  return problems;
}
