export { startAlerts } from './alerts.module';
