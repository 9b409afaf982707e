export { MarketHub } from './market-hub';
export { marketsAdminRoutes, marketsRoutes } from './markets.routes';
export const INSTRUMENTS_CHANGED_CHANNEL = 'instruments.changed';
export { seedInstruments } from './markets.seed';
export { selectInstruments } from './markets.repo';
