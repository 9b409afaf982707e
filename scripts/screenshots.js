// Screenshots of the customer app for review: starts the built product on a fresh data directory
// (scripts/test-server.js) and writes full-page PNGs to screenshots/ (git-ignored) for mobile and
// desktop in English, Arabic and Japanese, plus dark-theme and 320 px variants of a few pages.
// `npm run screenshots` builds first; `node scripts/screenshots.js` uses the existing build.
/* global document, location -- used inside page scripts */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, devices } from '@playwright/test';
import { startInbox } from './e2e-inbox.js';
import { root, startTestServer } from './test-server.js';

const outDir = join(root, 'screenshots');
const LANGUAGES = ['en', 'ar', 'ja'];

const DEVICES = {
  mobile: {
    userAgent: devices['iPhone 14'].userAgent,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  },
  desktop: {
    userAgent: devices['Desktop Chrome'].userAgent,
    viewport: { width: 1440, height: 900 },
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: false,
  },
};

async function aboutUsId(baseUrl) {
  const response = await fetch(`${baseUrl}/swx/customer/index/listContents/1`);
  const body = await response.json();
  const page = body?.result?.find((p) => p.slug === 'about-us') ?? body?.result?.[0];
  if (!page) throw new Error('no company page to photograph (listContents/1 is empty)');
  return page;
}

async function btcId(baseUrl) {
  const response = await fetch(`${baseUrl}/swx/customer/index/listMarketByType?type=2`);
  const body = await response.json();
  const btc = body?.result?.find((m) => m.code === 'BTCUSDT');
  if (!btc) throw new Error('no BTCUSDT to photograph (listMarketByType?type=2)');
  return btc.id;
}

/** A customer registered through the API (the code read from the run's mail inbox); its token. */
async function registerCustomer(baseUrl, inboxUrl) {
  const email = `screens.${Date.now()}@example.test`;
  const post = (path, body) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  await post('/swx/customer/login/sendCode', { purpose: 'register', channel: 'email', email });
  let code;
  for (let i = 0; i < 50 && !code; i++) {
    const mails = await fetch(`${inboxUrl}/messages?to=${encodeURIComponent(email)}`).then((r) =>
      r.json(),
    );
    code = /(\d{6})/.exec(mails[0]?.text ?? '')?.[1];
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  const password = 'Screens-Pass-2026';
  const reply = await post('/swx/customer/login/register', {
    channel: 'email',
    email,
    username: `screens${Date.now().toString(36)}`,
    password,
    confirmPassword: password,
    code,
  });
  if (reply.code !== 200) throw new Error(`register for screenshots: ${JSON.stringify(reply)}`);
  return reply.result.token;
}

async function shoot(browser, baseUrl, { device, lang, theme = 'light', width, pages, token }) {
  const preset = DEVICES[device];
  const context = await browser.newContext({
    ...preset,
    viewport: width ? { ...preset.viewport, width } : preset.viewport,
    colorScheme: theme,
    locale: 'en-US',
  });
  await context.addInitScript(
    ({ lang, theme, token }) => {
      localStorage.setItem('swx.lang', lang);
      localStorage.setItem('swx.theme', theme);
      if (token) localStorage.setItem('swx.token', token);
      // Every page but the board itself is photographed as after the intro was dismissed.
      if (location.pathname !== '/introduction') sessionStorage.setItem('swx.introDismissed', '1');
    },
    { lang, theme, token },
  );
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  // SHOTS=balance,orders photographs only the named pages (a quick look at one screen).
  const only = process.env.SHOTS?.split(',');
  for (const { name, path, ready } of pages.filter((p) => !only || only.includes(p.name))) {
    await page.goto(`${baseUrl}${path}`);
    await page.waitForLoadState('networkidle');
    if (ready) await page.locator(ready).first().waitFor();
    await page.evaluate(() => document.fonts.ready);
    const variant = [theme === 'dark' ? 'dark' : '', width ? `${width}px` : '']
      .filter(Boolean)
      .join('-');
    const file = `${device}-${lang}${variant ? `-${variant}` : ''}-${name}.png`;
    // The viewport grows to the whole page instead of `fullPage`, so fixed bars (the mobile tab
    // bar) sit at the bottom of the picture and dvh-based heights match what a reader sees.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const viewport = page.viewportSize();
    if (viewport && height > viewport.height) {
      await page.setViewportSize({ width: viewport.width, height });
      await page.waitForTimeout(100);
    }
    await page.screenshot({ path: join(outDir, file) });
    if (viewport) await page.setViewportSize(viewport);
    console.log(`  ${file}`);
  }
  await context.close();
  return problems;
}

async function main() {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const inbox = await startInbox();
  const server = await startTestServer({ env: inbox.env });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--font-render-hinting=none'],
  });
  try {
    const about = await aboutUsId(server.baseUrl);
    const detail = `/detail?${new URLSearchParams({ id: String(about.id), title: about.title })}`;
    const pages = [
      { name: 'introduction', path: '/introduction', ready: 'h1' },
      { name: 'home', path: '/', ready: '[data-market-row]' },
      { name: 'market', path: '/market', ready: '[data-market-row]' },
      {
        name: 'coin',
        path: `/cruuency?code=BTCUSDT&type=2&id=${await btcId(server.baseUrl)}`,
        ready: '[data-testid="candle-chart"][data-bars]',
      },
      { name: 'help', path: '/help', ready: '[data-category]' },
      { name: 'faq', path: '/help/faq', ready: '[data-faq-item]' },
      { name: 'notices', path: '/help/notice', ready: '[data-notice]' },
      { name: 'detail-about-us', path: detail, ready: '.prose-content' },
      { name: 'login', path: '/pass/login', ready: 'form[data-auth-form="login"]' },
      { name: 'register', path: '/pass/register', ready: 'form[data-auth-form="register"]' },
      { name: 'reset', path: '/pass/reset', ready: 'form[data-auth-form="reset"]' },
      { name: 'wallet', path: '/pass/wallet', ready: '[data-wallet-safety]' },
    ];
    const byName = (...names) => pages.filter((p) => names.includes(p.name));
    const accountPages = [
      { name: 'profile', path: '/profile', ready: '[data-testid="username"]' },
      { name: 'profile-info', path: '/profile/info', ready: '[data-testid="withdraw-password"]' },
      { name: 'profile-kyc', path: '/profile/kyc', ready: '[data-testid="kyc-form"]' },
      { name: 'notifications', path: '/profile/notification', ready: '[data-notification]' },
      { name: 'invite', path: '/profile/invite', ready: '[data-testid="invite-qr"]' },
      { name: 'balance', path: '/profile/balance', ready: '[data-testid="balance-total"]' },
      { name: 'orders', path: '/profile/orders', ready: 'h1' },
      { name: 'records', path: '/profile/records', ready: 'h1' },
      // Signed in, the coin page carries the order panel (beside the chart on a desktop).
      { ...byName('coin')[0], name: 'coin-trade' },
    ];
    const token = await registerCustomer(server.baseUrl, inbox.inboxUrl);
    const problems = [];
    console.log(`screenshots of ${server.baseUrl} into ${outDir}:`);
    for (const device of Object.keys(DEVICES)) {
      for (const lang of LANGUAGES) {
        problems.push(...(await shoot(browser, server.baseUrl, { device, lang, pages })));
        problems.push(
          ...(await shoot(browser, server.baseUrl, { device, lang, pages: accountPages, token })),
        );
      }
      for (const lang of ['en', 'ar']) {
        problems.push(
          ...(await shoot(browser, server.baseUrl, {
            device,
            lang,
            theme: 'dark',
            pages: byName('introduction', 'home', 'market', 'coin', 'faq', 'detail-about-us'),
          })),
        );
      }
    }
    for (const lang of ['en', 'ar']) {
      problems.push(
        ...(await shoot(browser, server.baseUrl, {
          device: 'mobile',
          lang,
          width: 320,
          pages: byName('introduction', 'home', 'market', 'coin', 'help', 'faq'),
        })),
      );
      problems.push(
        ...(await shoot(browser, server.baseUrl, {
          device: 'desktop',
          lang,
          width: 320,
          pages: byName('home'),
        })),
      );
    }
    if (problems.length > 0) {
      console.error(`browser errors while taking screenshots:\n  ${problems.join('\n  ')}`);
      return 1;
    }
    return 0;
  } finally {
    await browser.close();
    await server.stop();
    await inbox.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
