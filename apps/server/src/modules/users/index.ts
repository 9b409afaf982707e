export { findUserPrincipal, insertUser } from './users.repo';
