export { addNotification, countUnread } from './notifications.service';
export { notificationsRoutes } from './notifications.routes';
