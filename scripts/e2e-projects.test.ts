import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_OF_PROJECT, serversFor } from './e2e-projects.js';

describe('the servers a browser run starts', () => {
  it.each([
    [[], ['main', 'live', 'clock', 'office', 'cluster']],
    [['--project', 'cluster'], ['cluster']],
    [['--project=cluster', '--reporter=line'], ['cluster']],
    [
      ['--project', 'web-mobile', '--project=web-desktop', 'apps/web/e2e/markets.spec.ts'],
      ['main'],
    ],
    [
      ['--project', 'admin-desktop', '--project', 'live-mobile'],
      ['office', 'live'],
    ],
    [['--project', 'clock'], ['clock']],
    // A project the list does not know: every server, as before the list.
    [
      ['--project', 'web-tablet'],
      ['main', 'live', 'clock', 'office', 'cluster'],
    ],
    [['apps/web/e2e/markets.spec.ts'], ['main', 'live', 'clock', 'office', 'cluster']],
  ])('%j starts %j', (args, servers) => {
    expect([...serversFor(args)].sort()).toEqual([...servers].sort());
  });

  it('knows every project of playwright.config.ts', () => {
    const config = readFileSync(new URL('../playwright.config.ts', import.meta.url), 'utf8');
    const names = [...config.matchAll(/name: '([a-z-]+)'/g)].map((m) => m[1]);
    expect(names.length).toBeGreaterThan(5);
    expect(names.sort()).toEqual(Object.keys(SERVER_OF_PROJECT).sort());
  });
});
