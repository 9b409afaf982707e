// For `npm run bench`: opens the built home page in Debian Chromium with live prices streaming and
// records long tasks (main-thread work over 50 ms) for 10 seconds after the first render.
// Prints one line and exits non-zero if any long task was seen. Uses the existing build.
/* global requestAnimationFrame -- used inside page.evaluate, which runs in the browser */
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.js';
import { startTestServer } from './test-server.js';

const SECONDS = Number(process.env.BENCH_TRACE_SECONDS ?? '10');
const server = await startTestServer();
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_FLAGS, '--disable-quic', '--no-first-run'],
});
let exitCode;
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  // The intro board is shown once per session; the measurement is about the live home page.
  await context.addInitScript(() => sessionStorage.setItem('swx.introDismissed', '1'));
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/`);
  await page.waitForResponse((r) => r.url().includes('listMarketByType'), { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const rows = await page.locator('a[href*="/cruuency"]').count();
  const result = await page.evaluate(async (seconds) => {
    const tasks = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push(entry.duration);
    });
    observer.observe({ type: 'longtask' });
    let frames = 0;
    const count = () => {
      frames++;
      requestAnimationFrame(count);
    };
    requestAnimationFrame(count);
    await new Promise((r) => setTimeout(r, seconds * 1000));
    observer.disconnect();
    return { tasks, frames };
  }, SECONDS);
  const max = result.tasks.length > 0 ? Math.max(...result.tasks) : 0;
  console.log(
    `web home page, ${SECONDS} s of live prices (${rows} instruments on screen): ${result.tasks.length} long tasks over 50 ms` +
      (result.tasks.length > 0 ? ` (max ${Math.round(max)} ms)` : '') +
      `, ${Math.round(result.frames / SECONDS)} frames/s`,
  );
  exitCode = result.tasks.length === 0 ? 0 : 1;
} finally {
  await browser.close();
  await server.stop();
}
process.exit(exitCode);
