import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerByEmail } from '../../../test/support/accounts';
import { staffHeaders } from '../../../test/support/staff-session';
import { createTestApp } from '../../../test/support/test-app';
import { chainFacts, fromUnits, type ChainConfig } from './chain.service';
import { insertDeposit } from './funding.repo';

/**
 * A loopback Ethereum JSON-RPC endpoint that answers from recorded replies (method + first
 * parameter), the way a node would, and counts what it was asked: only read methods may arrive.
 */
const PLATFORM = '0x1111111111111111111111111111111111111111';
const OTHER = '0x2222222222222222222222222222222222222222';
const USDT = '0xdac17f958d2ee523a2206206994597c13d831ec7';
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const pad = (address: string) => `0x${'0'.repeat(24)}${address.slice(2)}`;
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

const usdtReceipt = (to: string, units: bigint, status = '0x1') => ({
  status,
  blockNumber: '0x10',
  to: USDT,
  logs: [
    {
      address: USDT,
      topics: [TRANSFER, pad(OTHER), pad(to)],
      data: `0x${units.toString(16).padStart(64, '0')}`,
    },
  ],
});

const RECORDED: Record<string, Record<string, unknown>> = {
  eth_getTransactionReceipt: {
    [hash(1)]: usdtReceipt(PLATFORM, 500_000_000n),
    [hash(2)]: usdtReceipt(OTHER, 500_000_000n),
    [hash(3)]: usdtReceipt(PLATFORM, 123_456_789n, '0x0'),
    [hash(4)]: { status: '0x1', blockNumber: '0x1b', to: PLATFORM, logs: [] },
    [hash(9)]: null,
  },
  eth_getTransactionByHash: {
    [hash(1)]: { to: USDT, value: '0x0', blockNumber: '0x10' },
    [hash(2)]: { to: USDT, value: '0x0', blockNumber: '0x10' },
    [hash(3)]: { to: USDT, value: '0x0', blockNumber: '0x10' },
    [hash(4)]: { to: PLATFORM, value: '0x2c68af0bb140000', blockNumber: '0x1b' },
    [hash(9)]: null,
  },
};

let server: Server;
let config: ChainConfig;
const asked: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const call = JSON.parse(body) as { id: number; method: string; params: string[] };
      asked.push(call.method);
      const result =
        call.method === 'eth_blockNumber' ? '0x1b' : RECORDED[call.method]?.[call.params[0] ?? ''];
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify(
          call.method in RECORDED || call.method === 'eth_blockNumber'
            ? { jsonrpc: '2.0', id: call.id, result: result ?? null }
            : { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: 'method not found' } },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  config = { ethRpcUrl: `http://127.0.0.1:${port}`, usdtContract: USDT };
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const now = new Date('2026-11-25T04:00:00Z');
const deposit = (n: number, coin = 'USDT') => ({
  coin,
  network: 'ERC20',
  txHash: hash(n),
  address: PLATFORM,
});

describe('chain facts of a deposit (read calls only)', () => {
  it.each([
    [
      'USDT paid to the platform',
      deposit(1),
      {
        found: true,
        to: PLATFORM,
        token: 'USDT',
        amount: '500',
        confirmations: 12,
        paysPlatform: true,
      },
    ],
    [
      'USDT paid elsewhere',
      deposit(2),
      { found: true, to: OTHER, token: 'USDT', amount: '500', paysPlatform: false },
    ],
    [
      'a failed transaction',
      deposit(3),
      {
        found: true,
        amount: '123.456789',
        paysPlatform: false,
        error: 'the transaction failed on chain',
      },
    ],
    [
      'ETH by value',
      deposit(4, 'ETH'),
      {
        found: true,
        to: PLATFORM,
        token: 'ETH',
        amount: '0.2',
        confirmations: 1,
        paysPlatform: true,
      },
    ],
    ['an unknown hash', deposit(9), { found: false }],
  ])('%s', async (_name, input, expected) => {
    expect(await chainFacts(config, input, now)).toMatchObject({
      checkedAt: now.toISOString(),
      ...expected,
    });
  });

  it('says so when the chain cannot be asked, and asks nothing but reads', async () => {
    const down = await chainFacts({ ...config, ethRpcUrl: 'http://127.0.0.1:9' }, deposit(1), now);
    expect(down).toMatchObject({ found: false, error: expect.any(String) });
    const tron = await chainFacts(config, { ...deposit(1), network: 'TRC20' }, now);
    expect(tron).toMatchObject({ found: false, error: 'no RPC endpoint for this network' });
    expect(new Set(asked)).toEqual(
      new Set(['eth_getTransactionReceipt', 'eth_getTransactionByHash', 'eth_blockNumber']),
    );
  });

  it.each([
    ['0x1dcd6500', 6, '500'],
    ['0x2c68af0bb140000', 18, '0.2'],
    ['0x1', 18, '0.000000000000000001'],
    ['0x0', 6, '0'],
  ])('%s at %i decimals is %s', (hex, decimals, value) => {
    expect(fromUnits(hex, decimals)).toBe(value);
  });
});

describe('the review screen asks the chain', () => {
  it('keeps what the chain said on the deposit; 10126 where no endpoint is configured', async () => {
    const withRpc = await createTestApp({
      config: { ETH_RPC_URL: config.ethRpcUrl ?? '', USDT_ERC20_CONTRACT: USDT },
    });
    const without = await createTestApp();
    try {
      const finance = (await staffHeaders(withRpc.database, ['finance'])).headers;
      const user = await registerByEmail(withRpc);
      // A transaction only this run reported, recorded on the loopback node.
      const txHash = `0x${Date.now().toString(16).padStart(64, 'e')}`;
      (RECORDED.eth_getTransactionReceipt as Record<string, unknown>)[txHash] = usdtReceipt(
        PLATFORM,
        500_000_000n,
      );
      (RECORDED.eth_getTransactionByHash as Record<string, unknown>)[txHash] = {
        to: USDT,
        value: '0x0',
        blockNumber: '0x10',
      };
      const row = await insertDeposit(withRpc.database.db, {
        orderNo: `DPCHAIN${Date.now()}`,
        userId: user.user.id,
        coin: 'USDT',
        network: 'ERC20',
        address: PLATFORM,
        amount: '500',
        txHash,
        lastSix: txHash.slice(-6),
        proofKey: 'none',
        proofType: 'png',
      });
      const url = `/swx/admin/funding/deposits/${row.id}/chain`;
      const asked = await withRpc.app.inject({ method: 'POST', url, headers: finance });
      const result = asked.json<{ result: { chainCheck: boolean; chain: { found: boolean } } }>()
        .result;
      expect(result.chainCheck).toBe(true);
      expect(result.chain).toMatchObject({ found: true, amount: '500', paysPlatform: true });
      const refused = await without.app.inject({ method: 'POST', url, headers: finance });
      expect(refused.json<{ code: number }>().code).toBe(10126);
    } finally {
      await withRpc.close();
      await without.close();
    }
  });
});
