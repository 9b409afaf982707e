/**
 * What the operations of the whole-system simulation (./operations.ts) see of the run: the seeded
 * generator, the simulated clock, the routes and the cast, with the helpers they share.
 */
import sharp from 'sharp';
import type { InstrumentPrice } from './protocol';

export type Json = { code?: number; result?: unknown; msg?: string };
export type Auth = Record<string, string>;

export interface Customer {
  userId: number;
  auth: Auth;
  spot: number[];
  contracts: number[];
  plans: number[];
  loan?: number;
}

export const WITHDRAW_PASSWORD = '135790';
export const CODES = ['BTCUSDT', 'ETHUSDT'];

/** A reply that did what was asked (200, or a business outcome above 20000). */
export const ok = (body: Json) => body.code === 200 || (body.code ?? 0) >= 20000;
export const idOf = (body: Json) => (body.result as { id: number }).id;

/** The images the operations upload: a deposit proof, a loan signature and an NFT's picture. */
export interface SimFiles {
  png: Buffer;
  signature: string;
  image: string;
}

export async function simFiles(): Promise<SimFiles> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 60 C 60 10, 120 90, 290 40" stroke="#111" stroke-width="4" fill="none"/></svg>`;
  const signature = `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
  const image = `data:image/png;base64,${(
    await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c85078' } })
      .png()
      .toBuffer()
  ).toString('base64')}`;
  return { png, signature, image };
}

/** What the operations see of the run: the generator, the clock, the routes and the cast. */
export interface SimWorld {
  seed: number;
  random: () => number;
  chance: (p: number) => boolean;
  int: (lo: number, hi: number) => number;
  pick: <T>(items: readonly T[]) => T;
  /** Takes a random element out of the list (undefined when it is empty). */
  take: (items: number[]) => number | undefined;
  /** The simulated clock, in Unix seconds. */
  now: () => number;
  /** Moves the clock on: the trigger engine and every due job run up to it. */
  advance: (seconds: number) => Promise<void>;
  /** The instruments' prices at the clock. */
  prices: () => InstrumentPrice[];
  /** One request through the real routes; a 5xx or a reply that is not the envelope fails the run. */
  request: (
    method: 'GET' | 'POST',
    url: string,
    auth: Auth,
    payload?: unknown,
    extra?: Record<string, string>,
  ) => Promise<Json>;
  /** The last idempotent POST again with its key: its reply must be the first one, word for word. */
  replayLast: () => Promise<void>;
  customers: Customer[];
  staff: { admin: Auth; finance: Auth };
  planId: number;
  loanProductId: number;
  files: SimFiles;
}

export interface SimOperation {
  name: string;
  weight: number;
  run: () => Promise<void>;
}
