import type { TradeProduct } from '@swx/contract';
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

/** What a trading module offers app.ts. */
export interface TradingModule {
  product: TradeProduct;
  routes: FastifyPluginAsyncZod;
  adminRoutes?: FastifyPluginAsyncZod;
  triggers?: TriggerHandler;
  /** Filled turnover in USDT since a time, for the home page's figures. */
  turnoverSince?: (since: Date) => Promise<string>;
  /** The user's realised result since a time (all time when undefined) and unrealised now. */
  profit?: (q: {
    userId: number;
    mode: 'real' | 'demo';
    since: Date | undefined;
  }) => Promise<ProfitFigures>;
}
