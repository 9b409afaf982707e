export { TriggerEngine, TRIGGERS_CHANGED_CHANNEL, type Hits, type TriggerHandler } from './engine';
export { executionPrice, simulatedTick, tradingTick, type FeedTick } from './feed';
export { orderNumber } from './order-number';
export type { Expiring, Resting } from './trigger-book';
export type { ProfitFigures, TradingDeps, TradingModule } from './trading-module';
