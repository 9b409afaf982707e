export { loansAdminRoutes } from './loans.admin';
export { loanDueJob } from './loans.jobs';
export { loansRoutes } from './loans.routes';
export type { LoanDeps } from './loans.service';
