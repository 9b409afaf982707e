// `npm run typecheck`: every TypeScript program of the repository, checked by TypeScript 7, the
// native compiler (the `typescript7` alias). Lint keeps TypeScript 5.9 (`typescript`), because
// typescript-eslint needs TypeScript below 6.1 for its type-aware rules (README "Decisions"). On a
// two-core CI machine the programs took 108 s of wall time and 164 s of CPU with 5.9, 29 to 34 s and
// 50 to 59 s with 7, with the same findings on this code.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = join(
  dirname(createRequire(import.meta.url).resolve('typescript7/package.json')),
  'bin/tsc',
);

/** Every program: each app's and package's, the service worker's, the scripts' and the e2e specs'. */
export const PROGRAMS = [
  'packages/money/tsconfig.json',
  'packages/contract/tsconfig.json',
  'packages/i18n/tsconfig.json',
  'apps/server/tsconfig.json',
  'apps/web/tsconfig.json',
  'apps/web/src/service-worker/tsconfig.json',
  'apps/admin/tsconfig.json',
  'tsconfig.json',
  'apps/web/e2e/tsconfig.json',
  'apps/admin/e2e/tsconfig.json',
  'e2e-support/tsconfig.json',
];

const GENERATED = [
  'node_modules',
  'dist',
  'data',
  'test-results',
  'screenshots',
  'playwright-report',
];

/** Every tsconfig.json of the repository's own files (not the shared base, which has no files). */
function programsOnDisk(dir = root, found = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      // Not installed, built or generated folders (hidden ones: .git, .ci-out, apps/server/.sim).
      if (!entry.name.startsWith('.') && !GENERATED.includes(entry.name))
        programsOnDisk(join(dir, entry.name), found);
    } else if (entry.name === 'tsconfig.json') {
      found.push(relative(root, join(dir, entry.name)));
    }
  }
  return found;
}

// A program added without its line here would go unchecked: refused instead.
const unlisted = programsOnDisk().filter((file) => !PROGRAMS.includes(file));
if (unlisted.length > 0) {
  process.stdout.write(
    `typecheck: add to PROGRAMS in scripts/typecheck.js: ${unlisted.join(', ')}\n`,
  );
  process.exit(1);
}

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project, '--pretty', 'false'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('error', (error) => resolve({ project, code: 1, out: String(error) }));
    child.on('close', (code) => resolve({ project, code: code ?? 1, out }));
  });
}

// One program at a time: the compiler already checks a program's files on several threads.
let failed = 0;
for (const project of PROGRAMS) {
  const { code, out } = await check(project);
  if (code !== 0) {
    failed += 1;
    process.stdout.write(`typecheck ${project}: failed\n${out}\n`);
  }
}
if (failed > 0) {
  process.stdout.write(`typecheck: ${failed} of ${PROGRAMS.length} programs failed\n`);
  process.exit(1);
}
process.stdout.write(`typecheck: ${PROGRAMS.length} programs, no errors\n`);
