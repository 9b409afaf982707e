export { lastOrdersOf, startSupport } from './support.module';
export { seedCannedReplies } from './support.canned';
export { supportMailJob } from './support.jobs';
export type { SupportDeps } from './support.service';
