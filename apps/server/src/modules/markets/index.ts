export { MarketHub, type Instrument } from './market-hub';
export { LiveFeed } from './live-feed';
export { LiveSource } from './live.source';
export { marketsAdminRoutes, marketsRoutes } from './markets.routes';
export { verifyTickRoutes } from './verify.routes';
export { INSTRUMENTS_CHANGED_CHANNEL, startMarkets } from './markets.module';
export { seedInstruments } from './markets.seed';
export { selectInstrument, selectInstruments } from './markets.repo';
export {
  recordSettlingTick,
  recordTickAhead,
  ticksRecordedFor,
  type SettlingTick,
} from './recorded-ticks';
