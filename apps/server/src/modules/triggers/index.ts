export { TriggerEngine, TRIGGERS_CHANGED_CHANNEL, type Hits, type TriggerHandler } from './engine';
export { feeRateOf } from './fees';
export { startTrading } from './triggers.module';
export { executionPrice, simulatedTick, tradingTick, type FeedTick } from './feed';
export { orderDigits, orderNumber, withOrderNumber } from './order-number';
export type { Expiring, Resting } from './trigger-book';
export {
  statesWanted,
  type OwnedOrder,
  type ProfitFigures,
  type StaffOrderQuery,
  type TradingDeps,
  type TradingModule,
} from './trading-module';
