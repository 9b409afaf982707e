export { liabilitiesJob } from './liabilities.jobs';
export { liabilitiesRoutes } from './liabilities.routes';
export { auditDay, publishDay, type LiabilitiesDeps } from './liabilities.service';
