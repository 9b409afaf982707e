// Adds up the JSON reports of the CI steps and prints, as the last lines of the log, every failed
// test with its first error line and a few lines of what was received (a diff says which console
// errors, which values), then one closing line: "N passed, N failed". Before them, the page each
// failed browser test left (its accessibility snapshot).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const dir = process.argv[2] ?? '.ci-out';
const root = process.cwd();
let passed = 0;
let failed = 0;
let skipped = 0;
/** @type {string[]} */
const failures = [];
/** @type {string[]} */
const snapshots = [];

/* eslint-disable no-control-regex -- terminal colour codes are what plainLines removes */
/** An error's lines without terminal colour codes. */
function plainLines(text) {
  return String(text ?? '')
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n');
}

/* eslint-enable no-control-regex */

/** The first line of an error that says something (colour codes and blank lines dropped). */
function firstLine(text) {
  return (plainLines(text).find((line) => line.trim() !== '') ?? '').trim().slice(0, 300);
}

const DETAIL_LINES = 8;

/**
 * The lines after the first that say what happened (a diff, Expected/Received), indented; source
 * excerpts and stack frames are left out.
 */
function detail(text) {
  const lines = plainLines(text);
  const first = lines.findIndex((line) => line.trim() !== '');
  const rest = lines
    .slice(first + 1)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^(at |>?\s*\d+\s*\||\|)/.test(line));
  return rest
    .slice(0, DETAIL_LINES)
    .map((line) => `\n      ${line.slice(0, 300)}`)
    .join('');
}

/** The titles of the test.step chain that failed (the innermost last). */
function failedSteps(steps) {
  const failedStep = steps.find((step) => step.error);
  return failedStep ? [failedStep.title, ...failedSteps(failedStep.steps ?? [])] : [];
}

const SNAPSHOT_LINES = 150;

/**
 * The page as the failure found it (the page snapshot of Playwright's error context), so that the
 * log alone says what was on screen: a CI run's test-results folder is not kept.
 */
function pageAtFailure(result) {
  const context = (result?.attachments ?? []).find((a) => a.name === 'error-context' && a.path);
  if (!context) return '';
  let text;
  try {
    text = readFileSync(context.path, 'utf8');
  } catch {
    return '';
  }
  const all = plainLines(text);
  const start = all.findIndex((line) => line.startsWith('# Page snapshot'));
  const after = start >= 0 ? all.slice(start + 1) : [];
  const end = after.findIndex((line) => line.startsWith('# '));
  const lines = (end >= 0 ? after.slice(0, end) : after).filter(
    (line) => line.trim() !== '' && !line.startsWith('```'),
  );
  if (lines.length === 0) return '';
  const shown = lines.slice(0, SNAPSHOT_LINES).map((line) => `\n      ${line.slice(0, 200)}`);
  const more =
    lines.length > SNAPSHOT_LINES ? `\n      (${lines.length - SNAPSHOT_LINES} more lines)` : '';
  return `${shown.join('')}${more}`;
}

/** Playwright's suites nest (file, describe); each spec holds one test per project. */
function playwrightFailures(suite, file) {
  const here = suite.file ?? file;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'unexpected') continue;
      const result = (test.results ?? []).find(
        (r) => r.status !== 'passed' && r.status !== 'skipped',
      );
      // A timeout's first error only says "Test timeout exceeded": the others name the action
      // that was waiting, with its place in the spec, and the step names where it stood.
      const errors = result?.errors?.length ? result.errors : [result?.error ?? {}];
      const lines = errors.slice(0, 3).map((error, i) => {
        const at = error.location
          ? ` (${relative(root, error.location.file)}:${error.location.line})`
          : '';
        return `${i === 0 ? '' : '\n    also: '}${firstLine(error.message)}${at}${detail(error.message)}`;
      });
      const steps = failedSteps(result?.steps ?? []);
      failures.push(
        `[${test.projectName}] ${here} › ${spec.title}: ${result?.status ?? 'failed'}: ${lines.join('')}${steps.length ? `\n    in step: ${steps.join(' › ')}` : ''}`,
      );
      const page = pageAtFailure(result);
      if (page) snapshots.push(`[${test.projectName}] ${here} › ${spec.title}:${page}`);
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, here);
}

const reports = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();
for (const file of reports) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  if ('numPassedTests' in report) {
    // Vitest (Jest-compatible JSON)
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    console.log(
      `${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped`,
    );
    for (const suite of report.testResults ?? []) {
      const name = relative(root, suite.name ?? '');
      const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const test of failedTests) {
        failures.push(
          `[${file}] ${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}${detail(test.failureMessages?.[0])}`,
        );
      }
      // A file that failed as a whole (it did not load, a hook threw) has no failed test in it.
      if (suite.status === 'failed' && failedTests.length === 0) {
        failed += 1;
        failures.push(`[${file}] ${name}: ${firstLine(suite.message)}`);
      }
    }
  } else if (report.stats) {
    // Playwright
    const s = report.stats;
    passed += s.expected + s.flaky;
    failed += s.unexpected;
    skipped += s.skipped;
    console.log(
      `${file}: ${s.expected + s.flaky} passed, ${s.unexpected} failed, ${s.skipped} skipped`,
    );
    for (const suite of report.suites ?? []) playwrightFailures(suite, suite.file);
    for (const error of report.errors ?? []) failures.push(`[${file}] ${firstLine(error.message)}`);
  }
}
// The pages first: the failures and the totals stay the log's last lines.
if (snapshots.length > 0) {
  console.log('\nThe page at each failure (accessibility snapshot):');
  for (const line of snapshots) console.log(`  ${line}`);
}
if (failures.length > 0) {
  console.log('\nFailed:');
  for (const line of failures) console.log(`  ${line}`);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 || failures.length > 0 ? 1 : 0);
