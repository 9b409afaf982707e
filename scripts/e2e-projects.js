// Which of the browser runs' servers (scripts/e2e.js) a run needs, from the projects it names.

/** The server each Playwright project runs against (playwright.config.ts: its `baseURL`). */
export const SERVER_OF_PROJECT = {
  'web-desktop': 'main',
  'web-mobile': 'main',
  'live-desktop': 'live',
  'live-mobile': 'live',
  clock: 'clock',
  'admin-desktop': 'office',
  cluster: 'cluster',
};

/**
 * The servers a run needs: those of the projects named with --project, or all of them. A PGlite
 * server takes about 11 s of CPU to start, and CI's cluster breach step, which names only the
 * cluster's project, started four servers it never used.
 * @param {string[]} args the arguments that go to `playwright test`
 * @returns {Set<string>}
 */
export function serversFor(args) {
  const projects = args.flatMap((a, i) =>
    a.startsWith('--project=') ? [a.slice(10)] : a === '--project' ? [args[i + 1] ?? ''] : [],
  );
  const all = new Set(Object.values(SERVER_OF_PROJECT));
  if (projects.length === 0) return all;
  // A project this list does not know (one added to the config and not here) gets every server.
  if (projects.some((p) => !Object.hasOwn(SERVER_OF_PROJECT, p))) return all;
  return new Set(
    projects.map((p) => SERVER_OF_PROJECT[/** @type {keyof typeof SERVER_OF_PROJECT} */ (p)]),
  );
}
