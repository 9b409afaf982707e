import type { StaffOrder, StaffOrderState, TradeProduct } from '@swx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EventBus } from '../../platform/bus';
import type { Db } from '../../platform/db';
import type { MarketHub } from '../markets';
import type { ParamsReader } from '../params';
import type { TriggerEngine, TriggerHandler } from './engine';

/** What every trading module is built from. */
export interface TradingDeps {
  db: Db;
  bus: EventBus;
  markets: MarketHub;
  params: ParamsReader;
  triggers: TriggerEngine;
}

/** A user's result in one product over a window, in USDT. */
export interface ProfitFigures {
  realised: string;
  unrealised: string;
}

/** An order with its owner, before the owner's name is added. */
export type OwnedOrder = StaffOrder extends infer T
  ? T extends StaffOrder
    ? Omit<T, 'username'>
    : never
  : never;

/** Staff's filter over every user's orders of one product. */
export interface StaffOrderQuery {
  userId?: number | undefined;
  code?: string | undefined;
  state?: StaffOrderState | undefined;
  page: number;
  pageSize: number;
}

/** The states of a product that a staff filter asks for (none when it names another product's). */
export function statesWanted<S extends string>(
  all: readonly S[],
  wanted: StaffOrderState | undefined,
): S[] {
  return wanted === undefined ? [...all] : all.filter((s) => s === wanted);
}

/** What a trading module offers app.ts. */
export interface TradingModule {
  product: TradeProduct;
  routes: FastifyPluginAsyncZod;
  adminRoutes?: FastifyPluginAsyncZod;
  triggers?: TriggerHandler;
  /** Staff's read-only view: a page of every user's orders, newest first. */
  staffOrders: (q: StaffOrderQuery) => Promise<{ list: OwnedOrder[]; total: number }>;
  /** Staff disabled an instrument: its waiting orders end, their funds returned; how many. */
  revokeWaiting?: (code: string) => Promise<number>;
  /** Filled turnover in USDT since a time, for the home page's figures. */
  turnoverSince?: (since: Date) => Promise<string>;
  /** The user's realised result since a time (all time when undefined) and unrealised now. */
  profit?: (q: {
    userId: number;
    mode: 'real' | 'demo';
    since: Date | undefined;
  }) => Promise<ProfitFigures>;
}
