export { contentAdminRoutes, contentRoutes } from './content.routes';
export { seedContent } from './content.seed';
