/**
 * A whole server node in its own process, for multi-node tests. Started with `node --import tsx`;
 * configured by the environment like main.ts; answers commands from the parent over IPC so a test
 * can make this node publish events. Runs one extra periodic job (HARNESS_JOB) whose unit posts a
 * ledger transaction with a random reference: a unit that ran twice would leave two entries.
 */
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../src/platform/config';
import { publishTick, publishUserEvent } from '../../src/platform/socket-hub';
import type { PeriodicJob } from '../../src/platform/jobs';
import { post, transferPostings } from '../../src/modules/ledger';
import { JOBS, startNode } from '../../src/node';

const config = loadConfig();
const jobName = process.env.HARNESS_JOB;
const periodMs = Number(process.env.HARNESS_JOB_PERIOD_MS ?? '1000');
const extra: PeriodicJob[] = jobName
  ? [
      {
        name: jobName,
        periodMs,
        async run({ tx, key }) {
          await post(tx, {
            kind: 'test.multinode_unit',
            ref: randomUUID(),
            mode: 'real',
            memo: { job: jobName, key, node: config.NODE_ID },
            postings: transferPostings(
              { owner: 'system', name: 'house' },
              { owner: 'system', name: 'fees' },
              'USDT',
              '1',
            ),
          });
        },
      },
    ]
  : [];

const node = await startNode(config, { jobs: [...JOBS, ...extra] });
const address = await node.app.listen({ host: '127.0.0.1', port: 0 });

type Command =
  | {
      op: 'publish-user';
      userId: number;
      type: 'order' | 'balance' | 'notification';
      data: Record<string, unknown>;
    }
  | { op: 'publish-tick'; code: string; price: string }
  | { op: 'stop' };

process.on('message', (command: Command) => {
  void (async () => {
    if (command.op === 'publish-user')
      await publishUserEvent(node.bus, command.userId, command.type, command.data);
    if (command.op === 'publish-tick') {
      await publishTick(node.bus, {
        type: 'tick',
        code: command.code,
        price: command.price,
        zdf: '0',
        ts: new Date().toISOString(),
      });
    }
    if (command.op === 'stop') {
      await node.close();
      process.send?.({ op: 'stopped' });
      process.exit(0);
    }
    process.send?.({ op: 'done', command: command.op });
  })();
});

process.send?.({ op: 'ready', address });
