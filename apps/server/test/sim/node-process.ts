/**
 * A server node of the whole-system simulation as a child process (./sim-node.ts, bundled), which
 * the simulation can kill with SIGKILL; `call` sends one command over IPC and waits for its reply.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { serverBundleBase } from '../../bundle-options.js';
import type { CommandInput, Reply } from './protocol';

const SOURCE = fileURLToPath(new URL('./sim-node.ts', import.meta.url));
/** apps/server/.sim: one level below apps/server, as dist/ is, so paths.ts finds the migrations. */
const BUNDLES = join(dirname(SOURCE), '..', '..', '.sim');

let harness: Promise<string> | undefined;

/**
 * ./sim-node.ts and what it imports from our own code as one file, built once per process (with
 * the options build.js bundles the server with): a node then starts in about 1.3 s instead of 2 s under tsx, which
 * compiled every module again at each restart, and a run restarts many times. Packages stay in
 * node_modules. The file is named by its content, so processes that build the same code share it,
 * and bundles of older code are deleted after a day.
 */
function bundledHarness(): Promise<string> {
  harness ??= (async () => {
    const result = await build({
      ...serverBundleBase,
      entryPoints: [SOURCE],
      write: false,
      plugins: [
        {
          // Packages load from node_modules; our workspace packages are TypeScript: inlined.
          name: 'packages-external',
          setup(b) {
            b.onResolve({ filter: /^[^./]/ }, (args) =>
              args.path.startsWith('@swx/') ? undefined : { path: args.path, external: true },
            );
          },
        },
      ],
    });
    const code = result.outputFiles[0]?.contents;
    if (!code) throw new Error('the simulation node was not bundled');
    mkdirSync(BUNDLES, { recursive: true });
    const name = `sim-node-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`;
    const file = join(BUNDLES, name);
    if (!existsSync(file)) {
      const partial = `${file}.${randomUUID()}.tmp`;
      writeFileSync(partial, code);
      renameSync(partial, file);
    }
    const dayAgo = Date.now() - 86_400_000;
    for (const other of readdirSync(BUNDLES)) {
      const path = join(BUNDLES, other);
      if (other !== name && (statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0) < dayAgo)
        rmSync(path, { force: true });
    }
    return file;
  })();
  return harness;
}

/** A call that the node could not answer: it was killed, or it is down. */
export class NodeDied extends Error {}

/** The server node as a child process; `call` sends one command and waits for its reply. */
export class NodeProcess {
  private nextId = 0;
  private pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private output = '';
  private constructor(readonly child: ChildProcess) {}

  static async start(
    env: Record<string, string>,
    log: (line: string) => void,
  ): Promise<NodeProcess> {
    let file = await bundledHarness();
    if (!existsSync(file)) {
      // Deleted meanwhile as another run's old bundle (a run of more than a day): built again.
      harness = undefined;
      file = await bundledHarness();
    }
    const child = fork(file, [], {
      execArgv: [],
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    const node = new NodeProcess(child);
    child.stdout?.on('data', (d) => (node.output = (node.output + String(d)).slice(-8000)));
    child.stderr?.on('data', (d) => (node.output = (node.output + String(d)).slice(-8000)));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`node did not start:\n${node.output}`));
      }, 120_000);
      child.on('exit', (code, signal) => {
        clearTimeout(timer);
        const error = new NodeDied(`node exited (${code ?? signal})`);
        for (const p of node.pending.values()) p.reject(error);
        node.pending.clear();
        reject(new Error(`node exited (${code ?? signal}) before it was ready:\n${node.output}`));
      });
      child.on('message', (message: Reply | { op: 'ready' } | { op: 'log'; text: string }) => {
        if (message.op === 'ready') {
          clearTimeout(timer);
          resolve(node);
        } else if (message.op === 'log') log(message.text);
        else if (message.op === 'reply') {
          const p = node.pending.get(message.id);
          node.pending.delete(message.id);
          if (message.error !== undefined) p?.reject(new Error(message.error));
          else p?.resolve(message.result);
        }
      });
    });
  }

  call<T>(command: CommandInput): Promise<T> {
    const id = ++this.nextId;
    return new Promise<T>((resolve, reject) => {
      if (!this.child.connected) return reject(new NodeDied('node is down'));
      this.pending.set(id, { resolve: resolve, reject });
      this.child.send({ ...command, id }, (error) => {
        if (!error) return;
        this.pending.delete(id);
        reject(new NodeDied(String(error)));
      });
    });
  }

  kill(): Promise<void> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null) return resolve();
      this.child.once('exit', () => resolve());
      this.child.kill('SIGKILL');
    });
  }

  get recentOutput(): string {
    return this.output;
  }
}
