export { countUsers, findUserPrincipal, insertUser } from './users.repo';
