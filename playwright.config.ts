import { defineConfig, devices } from '@playwright/test';

// scripts/e2e.js starts the built server on a free port and passes its address here.
const baseURL = process.env.E2E_BASE_URL;
if (!baseURL) {
  throw new Error(
    'E2E_BASE_URL is not set: run `npm run test:e2e` (or `node scripts/e2e.js` after a build).',
  );
}

const iphone = devices['iPhone 14'];

export default defineConfig({
  testDir: 'apps',
  testMatch: ['**/web/e2e/**/*.spec.ts', '**/admin/e2e/**/*.spec.ts'],
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  retries: 0,
  reporter: 'list',
  use: {
    baseURL,
    browserName: 'chromium',
    screenshot: 'only-on-failure',
    trace: 'off',
    // Debian's Chromium: CI installs it with apt, and `playwright install` is never run.
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: {
        userAgent: devices['Desktop Chrome'].userAgent,
        viewport: { width: 1280, height: 800 },
        deviceScaleFactor: 1,
        isMobile: false,
        hasTouch: false,
      },
    },
    {
      name: 'mobile',
      use: {
        // Only the iPhone's identity: the device preset's WebKit engine is not installed.
        userAgent: iphone.userAgent,
        viewport: { width: 390, height: 844 },
        screen: { width: 390, height: 844 },
        deviceScaleFactor: iphone.deviceScaleFactor,
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
});
