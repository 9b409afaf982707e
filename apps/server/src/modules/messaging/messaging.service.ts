import { createTranslator, mailCatalogues, type Locale } from '@swx/i18n';
import type { Transporter } from 'nodemailer';
import { createTransport } from 'nodemailer';
import type { Db, Executor } from '../../platform/db';
import { insertOutboxMessage } from './messaging.repo';

const translate = createTranslator(mailCatalogues);

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface SmsMessage {
  /** E.164 with the plus sign. */
  to: string;
  text: string;
}

/** An SMS provider. The default keeps messages in the outbox; a deployment plugs a gateway in. */
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

/** A gateway that takes `POST { to, text }` with an optional bearer token (most SMS APIs can). */
export function webhookSmsProvider(url: string, token?: string): SmsProvider {
  return {
    async send(message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}

export interface MessengerOptions {
  smtpUrl?: string | undefined;
  mailFrom: string;
  sms?: SmsProvider | undefined;
  /** Development: print outbox messages to the log so a developer sees the code. */
  logOutbox?: ((line: string) => void) | undefined;
}

/**
 * A mail's text with the recipient's anti-phishing code on its first line: every mail the platform
 * sends to a user who set one carries it (DOMAIN: security beyond the peers).
 */
export function withAntiPhishing(
  locale: Locale,
  antiPhishing: string | null | undefined,
  text: string,
): string {
  if (!antiPhishing) return text;
  return `${translate(locale, 'antiPhishing', { code: antiPhishing })}\n\n${text}`;
}

export type CodeTemplate = 'register' | 'reset' | 'withdrawPassword' | 'bind';

/**
 * Mail and SMS: through SMTP / the SMS provider when configured, else into the outbox table. A
 * failed delivery is recorded and reported to the caller (the code was not received, so the caller
 * must not pretend it was).
 */
export class Messenger {
  private readonly transport: Transporter | undefined;

  constructor(
    private readonly db: Db,
    private readonly options: MessengerOptions,
  ) {
    this.transport = options.smtpUrl ? createTransport(options.smtpUrl) : undefined;
  }

  get smsConfigured(): boolean {
    return this.options.sms !== undefined;
  }

  async sendCode(
    to: { channel: 'email'; email: string } | { channel: 'phone'; e164: string },
    template: CodeTemplate,
    code: string,
    minutes: number,
    locale: Locale,
    /** The recipient's anti-phishing code, when the address belongs to a user who set one. */
    antiPhishing?: string | null,
  ): Promise<void> {
    if (to.channel === 'email') {
      await this.sendMail({
        to: to.email,
        subject: translate(locale, `code.${template}.subject`),
        text: withAntiPhishing(
          locale,
          antiPhishing,
          translate(locale, `code.${template}.body`, { code, minutes }),
        ),
      });
    } else {
      await this.sendSms({ to: to.e164, text: translate(locale, 'sms.code', { code, minutes }) });
    }
  }

  /**
   * `db` records the delivery in the caller's transaction (a mail sent from inside one must not
   * wait for a second connection; a failure then rolls the caller back).
   */
  async sendMail(mail: Mail, db: Executor = this.db): Promise<void> {
    if (!this.transport) {
      await insertOutboxMessage(db, {
        channel: 'email',
        recipient: mail.to,
        subject: mail.subject,
        body: mail.text,
        status: 'outbox',
      });
      this.options.logOutbox?.(`mail to ${mail.to}: ${mail.subject}: ${mail.text}`);
      return;
    }
    try {
      await this.transport.sendMail({
        from: this.options.mailFrom,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
      await insertOutboxMessage(db, {
        channel: 'email',
        recipient: mail.to,
        subject: mail.subject,
        status: 'sent',
      });
    } catch (error) {
      await insertOutboxMessage(db, {
        channel: 'email',
        recipient: mail.to,
        subject: mail.subject,
        status: 'failed',
        error: String(error).slice(0, 500),
      });
      throw error;
    }
  }

  async sendSms(message: SmsMessage): Promise<void> {
    const sms = this.options.sms;
    if (!sms) {
      await insertOutboxMessage(this.db, {
        channel: 'sms',
        recipient: message.to,
        body: message.text,
        status: 'outbox',
      });
      this.options.logOutbox?.(`sms to ${message.to}: ${message.text}`);
      return;
    }
    try {
      await sms.send(message);
      await insertOutboxMessage(this.db, { channel: 'sms', recipient: message.to, status: 'sent' });
    } catch (error) {
      await insertOutboxMessage(this.db, {
        channel: 'sms',
        recipient: message.to,
        status: 'failed',
        error: String(error).slice(0, 500),
      });
      throw error;
    }
  }

  close(): void {
    this.transport?.close();
  }
}
