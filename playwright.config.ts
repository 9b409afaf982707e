import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/chromium.js';

// scripts/e2e.js starts the built server on a free port and passes its address here.
const baseURL = process.env.E2E_BASE_URL;
if (!baseURL) {
  throw new Error(
    'E2E_BASE_URL is not set: run `npm run test:e2e` (or `node scripts/e2e.js` after a build).',
  );
}

const iphone = devices['iPhone 14'];

const desktop = {
  userAgent: devices['Desktop Chrome'].userAgent,
  viewport: { width: 1280, height: 800 },
  deviceScaleFactor: 1,
  isMobile: false,
  hasTouch: false,
};

const mobile = {
  // Only the iPhone's identity: the device preset's WebKit engine is not installed.
  userAgent: iphone.userAgent,
  viewport: { width: 390, height: 844 },
  screen: { width: 390, height: 844 },
  deviceScaleFactor: iphone.deviceScaleFactor,
  isMobile: true,
  hasTouch: true,
};

export default defineConfig({
  testMatch: '**/*.spec.ts',
  forbidOnly: Boolean(process.env.CI),
  // Four on a two-core machine: the long tests spend much of their time waiting on the platform's
  // real time (options expiring, auctions ending), and a fourth worker runs tests meanwhile. The
  // whole run, 274 tests on one host: 18.0 min with three workers, 16.0 with four (the CPU then
  // 97 to 100 % busy; the limits below leave room for that).
  workers: 4,
  retries: 0,
  // Room for a slow machine: on one day's CI machine (pgbench at a third of other days) every
  // step took about three times as long, and tests failed at Playwright's 30 s and 5 s defaults
  // while passing alone. A passing test is not slowed by a longer limit.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL,
    // An action or navigation waiting on something that never comes fails on its own, naming
    // the locator it waited for, instead of silently using up the test's whole time (one CI run
    // lost a 420 s test that way with nothing said but "Test timeout exceeded").
    actionTimeout: 60_000,
    navigationTimeout: 60_000,
    browserName: 'chromium',
    locale: 'en-US',
    screenshot: 'only-on-failure',
    trace: 'off',
    // Debian's Chromium: CI installs it with apt, and `playwright install` is never run.
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        ...CHROMIUM_FLAGS,
        '--disable-quic',
        // KYC camera capture: a synthetic camera, permission granted without a prompt.
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        '--no-first-run',
      ],
    },
  },
  // Workers take the projects in this order: the long serial files (the back office's, the clock's
  // and the cluster's, each in one worker) go first, and the customer app's many short tests fill
  // the workers around them (the back office's file last ran alone for the run's last six minutes).
  projects: [
    // The back office is a desktop tool, on a server of its own (scripts/e2e.js).
    {
      name: 'admin-desktop',
      testDir: 'apps/admin/e2e',
      use: { ...desktop, baseURL: process.env.E2E_OFFICE_BASE_URL ?? baseURL },
    },
    // The customer app on a second server fed by the loopback exchange (scripts/e2e-exchange.js).
    {
      name: 'live-desktop',
      testDir: 'apps/web/e2e/live',
      use: { ...desktop, baseURL: process.env.E2E_LIVE_BASE_URL },
    },
    {
      name: 'live-mobile',
      testDir: 'apps/web/e2e/live',
      use: { ...mobile, baseURL: process.env.E2E_LIVE_BASE_URL },
    },
    // The customer app on a third server whose clock the specs move forward (scripts/e2e.js):
    // one project, its specs one at a time (the clock is the server's), each opening the phone
    // and desktop layouts it needs.
    {
      name: 'clock',
      testDir: 'apps/web/e2e/clock',
      workers: 1,
      use: { ...desktop, baseURL: process.env.E2E_CLOCK_BASE_URL },
    },
    // Two nodes behind HAProxy on PostgreSQL and Redis (scripts/e2e-cluster.js); the spec kills
    // and restarts the nodes, so it runs alone.
    {
      name: 'cluster',
      testDir: 'apps/web/e2e/cluster',
      workers: 1,
      use: { ...desktop, baseURL: process.env.E2E_CLUSTER_BASE_URL ?? baseURL },
    },
    // The customer app: its specs run once with a desktop agent and once with an iPhone agent
    // (the app picks its layout from the user agent).
    {
      name: 'web-desktop',
      testDir: 'apps/web/e2e',
      testIgnore: ['live/**', 'clock/**', 'cluster/**'],
      use: desktop,
    },
    {
      name: 'web-mobile',
      testDir: 'apps/web/e2e',
      testIgnore: ['live/**', 'clock/**', 'cluster/**'],
      use: mobile,
    },
  ],
});
