import { dec, roundCredit } from '@swx/money';

/** A level of the invitation programme: from this many qualified friends, this share of fees. */
export interface InviteLevel {
  level: number;
  friends: number;
  rate: string;
}

/** The parameters that set the levels (DOMAIN.md "Invitations": 0: 10 %, 5: 15 %, 20: 20 %, 50: 30 %). */
export const LEVEL_PARAMS = [
  { friends: undefined, rate: 'invite_level0_rate' },
  { friends: 'invite_level1_friends', rate: 'invite_level1_rate' },
  { friends: 'invite_level2_friends', rate: 'invite_level2_rate' },
  { friends: 'invite_level3_friends', rate: 'invite_level3_rate' },
] as const;

/**
 * The levels from the parameters' values, by the friends they need. A level whose threshold is not
 * above the one before it is left out, so an edit can never make the levels contradict.
 */
export function levelsFrom(values: { friends: number; rate: string }[]): InviteLevel[] {
  const levels: InviteLevel[] = [];
  for (const v of values) {
    const last = levels.at(-1);
    if (last && v.friends <= last.friends) continue;
    levels.push({ level: levels.length, friends: v.friends, rate: v.rate });
  }
  return levels;
}

/** The level a number of qualified friends reaches (the first level needs none). */
export function levelFor(levels: readonly InviteLevel[], qualified: number): InviteLevel {
  let reached = levels[0]!;
  for (const level of levels) if (qualified >= level.friends) reached = level;
  return reached;
}

/** The commission on a day's fees: the level's share, rounded down to the asset's scale. */
export function commissionOf(fees: string, rate: string, asset: string): string {
  return roundCredit(dec(fees).times(rate), asset).toFixed();
}

/** The UTC day (YYYY-MM-DD) a period starting at `start` covers. */
export function dayOf(start: Date): string {
  return start.toISOString().slice(0, 10);
}
