import type { BrowserContextOptions } from '@playwright/test';

/**
 * The customer app picks its layout from the user agent (spec §2: Android, iPhone, iPad, iPod get
 * the phone layout): a phone context needs the agent as well as the screen size.
 */
export const PHONE: BrowserContextOptions = {
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };
