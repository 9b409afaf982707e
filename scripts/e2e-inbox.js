// The mail and SMS receivers of a browser run: a real SMTP server and an SMS gateway endpoint on
// loopback, so the product sends its codes exactly as in production (SMTP_URL, SMS_WEBHOOK_URL).
// Specs read what arrived from E2E_INBOX_URL (GET /messages?to=<address>, newest first).
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

/** @typedef {{ channel: 'email' | 'sms', to: string, text: string, at: number }} InboxMessage */

/**
 * The text of a single-part mail (what the product sends): the body after the headers, decoded
 * from base64 or quoted-printable as its Content-Transfer-Encoding says.
 * @param {string} raw
 */
export function mailText(raw) {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

export async function startInbox() {
  /** @type {InboxMessage[]} */
  const messages = [];

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const text = mailText(Buffer.concat(chunks).toString('utf8'));
        for (const rcpt of session.envelope.rcptTo) {
          messages.push({ channel: 'email', to: rcpt.address.toLowerCase(), text, at: Date.now() });
        }
        callback();
      });
    },
  });
  await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = /** @type {import('node:net').AddressInfo} */ (smtp.server.address()).port;

  const http = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://inbox');
    if (req.method === 'POST' && url.pathname === '/sms') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        try {
          const { to, text } = JSON.parse(body);
          messages.push({ channel: 'sms', to: String(to), text: String(text), at: Date.now() });
          res.writeHead(200).end('{}');
        } catch {
          res.writeHead(400).end();
        }
      });
      return;
    }
    if (req.method === 'GET' && url.pathname === '/messages') {
      const to = (url.searchParams.get('to') ?? '').toLowerCase();
      const found = messages.filter((m) => m.to === to).reverse();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  const httpPort = /** @type {import('node:net').AddressInfo} */ (http.address()).port;

  return {
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SMS_WEBHOOK_URL: `http://127.0.0.1:${httpPort}/sms`,
    },
    inboxUrl: `http://127.0.0.1:${httpPort}`,
    async stop() {
      await new Promise((resolve) => smtp.close(() => resolve(undefined)));
      await new Promise((resolve) => http.close(() => resolve(undefined)));
    },
  };
}
