// Pieces the benchmark sections share: child servers, free ports, readiness, redaction.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The URL without its password, for output that may be pasted into a ticket. */
export function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '<unparsable url>';
  }
}

export function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function log(line: string): void {
  console.log(`[bench] ${line}`);
}

export interface Child {
  readonly name: string;
  readonly process: ChildProcess;
  /** The last few KB of its output, shown only when it fails to start. */
  output(): string;
}

export function startChild(name: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  // Drain both pipes, or a chatty child would block on a full pipe mid-benchmark.
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-4_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return { name, process: child, output: () => tail };
}

export async function stopChild(child: Child): Promise<void> {
  const proc = child.process;
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise<void>((done) => proc.once('exit', () => done()));
  proc.kill('SIGTERM');
  const timer = setTimeout(() => proc.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** A port the OS has just handed out; the tiny race until the child binds it is acceptable here. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') done(address.port);
        else fail(new Error('no port assigned'));
      });
    });
  });
}

export async function waitForOk(child: Child, url: string, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  let last = 'no answer yet';
  while (performance.now() < deadline) {
    if (child.process.exitCode !== null || child.process.signalCode !== null) {
      throw new Error(`${child.name} exited before answering ${url}:\n${child.output()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      await response.arrayBuffer();
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = message(error);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(
    `${child.name} did not answer ${url} within ${timeoutMs} ms (${last}):\n${child.output()}`,
  );
}
