export { fundingRoutes } from './funding.routes';
export { fundingAdminRoutes } from './funding-admin.routes';
export type { FundingDeps } from './funding.deps';
export { selectPendingWithdrawals } from './funding.repo';
