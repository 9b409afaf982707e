export {
  addNotification,
  addNotifications,
  countUnread,
  type NotificationInput,
} from './notifications.service';
export { notificationsRoutes } from './notifications.routes';
