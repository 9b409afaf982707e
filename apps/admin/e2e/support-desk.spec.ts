import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { BrowserErrors } from '../../../e2e-support/browser-errors';
import { customerBase, registerCustomer } from '../../../e2e-support/customer';
import { CannedRepliesPage, SupportDeskPage } from './pages/support-desk.page';
import { signInFirstAdmin } from './support/first-admin';
import { toast } from './support/toast';

// A 2x2 PNG; the server re-encodes it.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWM4YRN1wiaKAUIBACgOBXkG6+pvAAAAAElFTkSuQmCC',
  'base64',
);

interface Message {
  id: number;
  conversationId: number;
  author: string;
  text: string | null;
}

async function envelope<T>(reply: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await reply.json()) as { code: number; msg: string; result: T };
  if (body.code !== 200) throw new Error(`${reply.url()}: ${JSON.stringify(body)}`);
  return body.result;
}

/** The customer writes through the API, from the demo account and in German. */
async function customerWrites(request: APIRequestContext, token: string, text: string) {
  const reply = await request.post(`${customerBase()}/swx/customer/support/send`, {
    headers: {
      authorization: `Bearer ${token}`,
      'idempotency-key': randomUUID(),
      'x-account-mode': 'demo',
      lang: 'de',
    },
    data: { text },
  });
  return envelope<Message>(reply);
}

async function staffGet<T>(request: APIRequestContext, token: string, path: string) {
  return envelope<T>(
    await request.get(`${customerBase()}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    }),
  );
}

/**
 * The sidebar badge shows what the server counts (unread customer messages in open conversations)
 * and this conversation counts `unread` of them. Other specs of the run may have conversations of
 * their own, so the badge is compared with the server's total rather than with a fixed number;
 * alone, that total is this conversation's.
 */
async function expectBadge(
  desk: SupportDeskPage,
  request: APIRequestContext,
  staffToken: string,
  conversationId: number,
  unread: number,
) {
  await expect
    .poll(async () => {
      const [summary, detail] = await Promise.all([
        staffGet<{ unread: number }>(request, staffToken, '/swx/admin/support/summary'),
        staffGet<{ conversation: { unread: number } }>(
          request,
          staffToken,
          `/swx/admin/support/conversations/${conversationId}`,
        ),
      ]);
      const shown = await desk.badgeCount();
      return shown === summary.unread && detail.conversation.unread === unread
        ? 'in step'
        : `badge ${shown}, server ${summary.unread}, this conversation ${detail.conversation.unread}`;
    })
    .toBe('in step');
}

test('support desk: a customer writes, an admin answers from the queue with a canned reply, closes and reopens', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const errors = await BrowserErrors.watch(page);
  const desk = new SupportDeskPage(page);
  const canned = new CannedRepliesPage(page);
  const customer = await registerCustomer(request);
  const cannedTitle = `Welcome ${randomUUID().slice(0, 8)}`;
  const german = 'Hallo, hier ist der Support. Wie können wir helfen?';
  const question = `Where is my deposit? <b>not bold</b> https://example.test/phish\nSecond line`;
  let conversationId = 0;

  const { username: adminUsername } = await signInFirstAdmin(page);
  const staffToken = (await page.evaluate(() => localStorage.getItem('swx.admin.token')))!;
  expect(staffToken).toBeTruthy();

  await test.step('an admin keeps a canned reply in all 11 languages', async () => {
    await desk.openQueue();
    await canned.open();
    await page.getByTestId('canned-new').click();
    await expect(canned.dialog.getByRole('heading', { name: 'New canned reply' })).toBeVisible();
    // Everything is required: nothing is sent until each language has a text.
    await canned.dialog.getByTestId('canned-save').click();
    await expect(canned.dialog.getByText('Give the reply a title.')).toBeVisible();
    await canned.dialog.getByTestId('canned-title').fill(cannedTitle);
    await canned.text('en').fill('Hello, this is support. How can we help?');
    await canned.dialog.getByRole('button', { name: 'Copy English into empty languages' }).click();
    await expect(canned.text('ja')).toHaveValue('Hello, this is support. How can we help?');
    await canned.text('de').fill(german);
    await expect(canned.text('ar')).toHaveAttribute('dir', 'rtl');
    await canned.dialog.getByTestId('canned-save').click();
    await expect(canned.dialog).toBeHidden();
    await expect(toast(page, `${cannedTitle} saved.`)).toBeVisible();
    await expect(canned.row(cannedTitle)).toContainText('Hello, this is support.');
  });

  await test.step('the customer writes; the badge counts it live, on any page', async () => {
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Overview' })
      .click();
    await expect(
      page.getByRole('heading', { level: 1, name: `Hello, ${adminUsername}` }),
    ).toBeVisible();
    const sent = await customerWrites(request, customer.token, question);
    conversationId = sent.conversationId;
    await expect(desk.badge).toBeVisible();
    await expectBadge(desk, request, staffToken, conversationId, 1);
  });

  await test.step('the waiting queue lists it with its wait, language and unread count', async () => {
    await desk.openQueue();
    await expect(page.getByTestId('support-filter-waiting')).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const row = desk.row(conversationId);
    await expect(row).toContainText(customer.username);
    await expect(row).toContainText('German');
    await expect(row).toContainText(/waiting (under a minute|\d+ min)/);
    await expect(row).toContainText('Where is my deposit?');
    await expect(row).toContainText('Unassigned');
    await expect(row.getByTestId('support-row-unread')).toHaveText('1');
  });

  await test.step('opening it reads it: the badge goes down', async () => {
    await desk.openConversation(conversationId);
    await expect(desk.messages).toHaveCount(1);
    const first = desk.messages.first();
    await expect(first).toHaveAttribute('data-author', 'customer');
    // Plain text: the tag and the address are shown as typed, never as markup or a link.
    await expect(first).toContainText('<b>not bold</b> https://example.test/phish');
    await expect(first.locator('b, a')).toHaveCount(0);
    await expect(first.locator('p')).toHaveCSS('white-space', 'pre-wrap');
    await expectBadge(desk, request, staffToken, conversationId, 0);
  });

  await test.step('the context panel shows the customer account', async () => {
    await expect(desk.context.getByRole('link', { name: customer.username })).toHaveAttribute(
      'href',
      /^\/admin\/users\/\d+$/,
    );
    await expect(desk.context).toContainText(customer.email);
    await expect(desk.context.getByTestId('support-context-kyc')).toHaveText('Not submitted');
    await expect(desk.context.getByTestId('support-context-mode')).toHaveText('Demo account');
    await expect(desk.context).toContainText('No pending withdrawals.');
  });

  await test.step('the customer types and writes again: both arrive live', async () => {
    // The customer's own socket, opened from this page (the customer app does the same).
    await page.evaluate(async (token) => {
      const socket = new WebSocket(`ws://${location.host}/ws`);
      await new Promise((resolve) => (socket.onopen = resolve));
      const authed = new Promise((resolve) => {
        socket.onmessage = (event: MessageEvent<string>) => {
          if ((JSON.parse(event.data) as { type: string }).type === 'authed') resolve(null);
        };
      });
      socket.send(JSON.stringify({ op: 'auth', token }));
      await authed;
      (window as unknown as { customerSocket: WebSocket }).customerSocket = socket;
    }, customer.token);
    // "Typing" is best effort: one sent before the desk's own socket is signed in is lost, so the
    // customer goes on typing (the server passes one a second) until the desk shows it.
    await expect(async () => {
      await page.evaluate(() =>
        (window as unknown as { customerSocket: WebSocket }).customerSocket.send(
          JSON.stringify({ op: 'typing', on: true }),
        ),
      );
      await expect(desk.typing).toHaveText(`${customer.username} is typing…`, { timeout: 1_500 });
    }).toPass({ timeout: 20_000 });

    await customerWrites(request, customer.token, 'Hello? Anyone there?');
    await expect(desk.messages).toHaveCount(2);
    await expect(desk.messages.last()).toContainText('Hello? Anyone there?');
    await expect(desk.typing).toBeHidden();
    // Open and in view: read as it arrives.
    await expectBadge(desk, request, staffToken, conversationId, 0);
    await page.evaluate(() =>
      (window as unknown as { customerSocket: WebSocket }).customerSocket.close(),
    );
  });

  await test.step('a canned reply goes in in the customer language and is sent', async () => {
    await desk.canned.selectOption({ label: cannedTitle });
    await expect(desk.composer).toHaveValue(german);
    await desk.composer.press('Enter');
    await expect(desk.messages).toHaveCount(3);
    const reply = desk.messages.last();
    await expect(reply).toHaveAttribute('data-author', 'staff');
    await expect(reply).toContainText(german);
    await expect(reply).toContainText(adminUsername);
    await expect(desk.composer).toHaveValue('');

    const seen = await envelope<{ messages: Message[] }>(
      await request.get(`${customerBase()}/swx/customer/support/conversation`, {
        headers: { authorization: `Bearer ${customer.token}` },
      }),
    );
    const answer = seen.messages.at(-1)!;
    expect(answer).toMatchObject({ author: 'staff', text: german });

    // The customer reads it: the receipt appears under the answer, live.
    await expect(desk.readReceipt).toHaveCount(0);
    await envelope(
      await request.post(`${customerBase()}/swx/customer/support/read`, {
        headers: { authorization: `Bearer ${customer.token}` },
        data: { upTo: answer.id },
      }),
    );
    await expect(reply.getByTestId('support-read')).toHaveText(/Read/);
  });

  await test.step('an image reply, shown through the private image route', async () => {
    await desk.imageInput.setInputFiles({
      name: 'receipt.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await expect(desk.messages).toHaveCount(4);
    await expect(
      desk.messages.last().getByTestId('support-message-image').getByRole('img'),
    ).toHaveAttribute('src', /^blob:/);
  });

  await test.step('answered, it leaves the waiting tab; it is open and assigned to the admin', async () => {
    await page.getByRole('link', { name: '← Support queue' }).click();
    await expect(desk.heading).toBeVisible();
    await expect(
      page
        .getByTestId('support-row')
        .first()
        .or(page.getByText('Nobody is waiting for an answer.')),
    ).toBeVisible();
    await expect(desk.row(conversationId)).toHaveCount(0);
    await desk.tab('open');
    await expect(desk.row(conversationId)).toContainText('Answered');
    await expect(desk.row(conversationId)).toContainText(adminUsername);
    await expect(desk.row(conversationId).getByTestId('support-row-unread')).toHaveCount(0);
    await desk.tab('mine');
    await expect(desk.row(conversationId)).toBeVisible();
  });

  await test.step('close, then reopen', async () => {
    await desk.openConversation(conversationId);
    await page.getByTestId('support-close').click();
    await expect(toast(page, 'Conversation closed.')).toBeVisible();
    await expect(desk.status).toHaveAttribute('data-status', 'closed');
    await expect(desk.composer).toBeDisabled();
    await expect(page.getByText('This conversation is closed. Reopen it to reply.')).toBeVisible();

    await page.getByTestId('support-reopen').click();
    await expect(toast(page, 'Conversation reopened.')).toBeVisible();
    await expect(desk.status).toHaveAttribute('data-status', 'open');
    await expect(desk.composer).toBeEnabled();
    await expect(page.getByTestId('support-close')).toBeVisible();
  });

  await test.step('the canned reply is deleted after confirmation', async () => {
    await desk.openQueue();
    await canned.open();
    await canned
      .row(cannedTitle)
      .getByRole('button', { name: `Delete ${cannedTitle}` })
      .click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(`Delete “${cannedTitle}”?`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, `${cannedTitle} deleted.`)).toBeVisible();
    await expect(canned.row(cannedTitle)).toHaveCount(0);
  });

  await page.waitForLoadState('networkidle');
  expect(errors.messages).toEqual([]);
});
