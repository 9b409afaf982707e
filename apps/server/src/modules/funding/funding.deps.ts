import type { EventBus } from '../../platform/bus';
import type { Db, Executor } from '../../platform/db';
import type { FileStore } from '../../platform/storage';
import type { MarketHub } from '../markets';
import type { ParamsReader } from '../params';
import type { ChainConfig } from './chain.service';

/** What the funding module is built from; the users module lends two reads and one write. */
export interface FundingDeps {
  db: Db;
  bus: EventBus;
  params: ParamsReader;
  markets: MarketHub;
  store: FileStore;
  maxBytes: number;
  users: {
    /** The withdrawal password's hash; null when none is set. */
    withdrawPasswordHash(db: Executor, userId: number): Promise<string | null>;
    /** Records a user's first approved deposit (the invitation programme's "funded"). */
    markFunded(db: Executor, userId: number, at: Date): Promise<void>;
    /** With two-factor authentication on, refuses a request without a right, unused code. */
    checkSecondFactor(db: Executor, userId: number, code: string | undefined): Promise<void>;
  };
  usernames(ids: readonly number[]): Promise<ReadonlyMap<number, string>>;
  chain: ChainConfig;
}
