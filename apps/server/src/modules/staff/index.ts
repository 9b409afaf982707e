export { ensureFirstAdmin, FIRST_ADMIN_USERNAME } from './staff.service';
export { findStaffPrincipal, selectActiveStaffWithRoles } from './staff.repo';
export { staffRoutes } from './staff.routes';
