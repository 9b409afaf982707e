export { ensureFirstAdmin, FIRST_ADMIN_USERNAME } from './staff.service';
export { findStaffPrincipal } from './staff.repo';
export { staffRoutes } from './staff.routes';
