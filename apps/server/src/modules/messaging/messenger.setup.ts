import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { Messenger, webhookSmsProvider } from './messaging.service';

/**
 * Mail and SMS as configured: SMTP and the SMS webhook when set, otherwise the outbox table only
 * (logged in development so that a developer sees the codes). Closed with the server.
 */
export function messengerFor(db: Db, config: Config, log: (line: string) => void): Messenger {
  const messenger = new Messenger(db, {
    smtpUrl: config.SMTP_URL,
    mailFrom: config.MAIL_FROM,
    sms: config.SMS_WEBHOOK_URL
      ? webhookSmsProvider(config.SMS_WEBHOOK_URL, config.SMS_WEBHOOK_TOKEN)
      : undefined,
    logOutbox: config.NODE_ENV === 'development' ? (line) => log(`outbox: ${line}`) : undefined,
  });
  return messenger;
}
