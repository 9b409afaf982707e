export { earnAdminRoutes } from './earn.admin';
export { earnAccrualJob } from './earn.jobs';
export { earnRoutes } from './earn.routes';
export type { EarnDeps } from './earn.service';
