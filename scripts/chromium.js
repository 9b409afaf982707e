// Debian's Chromium and the flags every headless run here starts it with (the browser tests, the
// Lighthouse gate, the bench's long-task trace). `playwright install` is never run.
export const CHROMIUM_PATH =
  process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
