export {
  countUsers,
  findSessionWithUser,
  findUserPrincipal,
  insertUser,
  markFunded,
  selectFundedFriends,
  selectInviters,
  selectUserById,
  usernamesOf,
  withdrawPasswordHashOf,
} from './users.repo';
export { usersRoutes } from './users.routes';
export { usersAdminRoutes } from './users.admin';
export type { AccountsDeps } from './users.service';
export { checkSecondFactor } from './two-factor.service';
