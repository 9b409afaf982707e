/**
 * The codes the product mailed or texted during a browser run (scripts/e2e-inbox.js receives them
 * over real SMTP and the SMS gateway interface).
 */
export async function latestCode(address: string, timeoutMs = 15_000): Promise<string> {
  const base = process.env.E2E_INBOX_URL;
  if (!base)
    throw new Error('E2E_INBOX_URL is not set: run the browser tests with npm run test:e2e');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${base}/messages?to=${encodeURIComponent(address)}`);
    const messages = (await response.json()) as { text: string }[];
    const code = messages.map((m) => /(?:^|\D)(\d{6})(?:\D|$)/.exec(m.text)?.[1]).find(Boolean);
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no code arrived for ${address}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The texts of every message the inbox received for an address (waits for one to match). */
export async function waitForMessage(
  address: string,
  matches: (text: string) => boolean,
  timeoutMs = 15_000,
): Promise<string> {
  const base = process.env.E2E_INBOX_URL;
  if (!base) throw new Error('E2E_INBOX_URL is not set');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${base}/messages?to=${encodeURIComponent(address)}`);
    const found = ((await response.json()) as { text: string }[]).find((m) => matches(m.text));
    if (found) return found.text;
    if (Date.now() > deadline) throw new Error(`no matching message arrived for ${address}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
