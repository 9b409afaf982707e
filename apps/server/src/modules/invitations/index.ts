export { commissionJob } from './invitations.jobs';
export { invitationsRoutes } from './invitations.routes';
export type { InviteDeps } from './invitations.service';
