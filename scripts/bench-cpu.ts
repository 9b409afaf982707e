// CPU time used by processes on this machine, from /proc: where an order's time goes (bench-orders).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;
function clockTicks(): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  return ticksPerSecond;
}

interface Stat {
  pid: number;
  comm: string;
  ppid: number;
  /** utime + stime */
  own: number;
  /** cutime + cstime: what its children used, added when they were reaped */
  children: number;
}

function stat(pid: number | string): Stat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command is in parentheses and may hold spaces; the fields after it are numbers.
    const close = text.lastIndexOf(')');
    const comm = text.slice(text.indexOf('(') + 1, close);
    const f = text.slice(close + 2).split(' ');
    const n = (i: number) => Number(f[i]);
    return { pid: Number(pid), comm, ppid: n(1), own: n(11) + n(12), children: n(13) + n(14) };
  } catch {
    return undefined;
  }
}

/** CPU seconds a process has used so far, or undefined when it is gone. */
export function processCpuSeconds(pid: number | undefined): number | undefined {
  const s = pid === undefined ? undefined : stat(pid);
  return s && s.own / clockTicks();
}

/**
 * CPU seconds PostgreSQL on this machine has used so far: each postmaster with what its live
 * processes used and what its exited ones did (pgbench's connections end before the count is
 * taken). Undefined when no PostgreSQL runs here (a server elsewhere: not counted).
 */
export function postgresCpuSeconds(): number | undefined {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => stat(name))
    .filter((s): s is Stat => s !== undefined);
  const postgres = all.filter((s) => s.comm === 'postgres');
  const pids = new Set(postgres.map((s) => s.pid));
  const masters = postgres.filter((s) => !pids.has(s.ppid));
  if (masters.length === 0) return undefined;
  const masterPids = new Set(masters.map((s) => s.pid));
  let ticks = 0;
  for (const m of masters) ticks += m.own + m.children;
  for (const s of all) if (masterPids.has(s.ppid)) ticks += s.own;
  return ticks / clockTicks();
}

/** Milliseconds of CPU per unit of work between two readings; undefined when either is missing. */
export function msPer(
  before: number | undefined,
  after: number | undefined,
  units: number,
): number | undefined {
  return before === undefined || after === undefined || units <= 0
    ? undefined
    : ((after - before) * 1000) / units;
}
