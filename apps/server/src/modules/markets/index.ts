export { MarketHub } from './market-hub';
export { marketsRoutes } from './markets.routes';
export { seedInstruments } from './markets.seed';
export { selectInstruments } from './markets.repo';
