/**
 * A server node of the whole-system simulation as a child process (./sim-node.ts under tsx), which
 * the simulation can kill with SIGKILL; `call` sends one command over IPC and waits for its reply.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CommandInput, Reply } from './protocol';

const HARNESS = fileURLToPath(new URL('./sim-node.ts', import.meta.url));

/** A call that the node could not answer: it was killed, or it is down. */
export class NodeDied extends Error {}

/** The server node as a child process; `call` sends one command and waits for its reply. */
export class NodeProcess {
  private nextId = 0;
  private pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private output = '';
  private constructor(readonly child: ChildProcess) {}

  static start(env: Record<string, string>, log: (line: string) => void): Promise<NodeProcess> {
    const child = fork(HARNESS, [], {
      execArgv: ['--import', 'tsx'],
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
