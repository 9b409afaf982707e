export {
  Messenger,
  webhookSmsProvider,
  withAntiPhishing,
  type CodeTemplate,
  type MessengerOptions,
  type SmsProvider,
} from './messaging.service';
export { messagingAdminRoutes } from './messaging.routes';
export { messengerFor } from './messenger.setup';
