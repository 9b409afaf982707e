import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  decodeFunctionData,
  encodeFunctionResult,
  hashMessage,
  isAddressEqual,
  numberToHex,
  parseAbi,
  type Hex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { SiweMessage } from 'siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../platform/errors';
import {
  buildSiweMessage,
  SIWE_STATEMENT,
  verifySiweLogin,
  type SiweLoginInput,
} from './siwe-login';

const DOMAIN = 'app.example.com';
const URI = 'https://app.example.com/login';
const T0 = new Date('2026-03-01T12:00:00.000Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

const user = privateKeyToAccount(generatePrivateKey());
const stranger = privateKeyToAccount(generatePrivateKey());

function messageFor(address: string, overrides: { nonce?: string; chainId?: number } = {}) {
  return buildSiweMessage({
    domain: DOMAIN,
    uri: URI,
    address,
    chainId: overrides.chainId ?? 1,
    nonce: overrides.nonce ?? 'Abc123def456',
    issuedAt: T0,
    expirationTime: minutes(10),
  });
}

async function expectRejected(input: SiweLoginInput) {
  const error: unknown = await verifySiweLogin(input).then(
    () => null,
    (e: unknown) => e,
  );
  expect(isAppError(error) && error.code).toBe(10121);
}

describe('buildSiweMessage', () => {
  it('writes EIP-4361 text with the checksummed address and a plain statement', () => {
    const text = messageFor(user.address.toLowerCase());
    expect(text).toBe(
      [
        `${DOMAIN} wants you to sign in with your Ethereum account:`,
        user.address,
        '',
        SIWE_STATEMENT,
        '',
        `URI: ${URI}`,
        'Version: 1',
        'Chain ID: 1',
        'Nonce: Abc123def456',
        'Issued At: 2026-03-01T12:00:00.000Z',
        'Expiration Time: 2026-03-01T12:10:00.000Z',
      ].join('\n'),
    );
    expect(SIWE_STATEMENT).toMatch(/own this address/);
    expect(SIWE_STATEMENT).toMatch(/not a transaction/);
    expect(SIWE_STATEMENT).toMatch(/costs nothing/);
  });

  it('refuses an address that is not one', () => {
    expect(() => messageFor('0x1234')).toThrow(expect.objectContaining({ code: 10121 }));
  });
});

describe('verifySiweLogin with an ordinary account', () => {
  it('accepts a message signed by its address', async () => {
    const message = messageFor(user.address);
    const signature = await user.signMessage({ message });
    await expect(
      verifySiweLogin({
        message,
        signature,
        expectedDomain: DOMAIN,
        expectedUri: URI,
        now: minutes(1),
      }),
    ).resolves.toEqual({ address: user.address, nonce: 'Abc123def456', chainId: 1 });
  });

  it('rejects an expired message, and one dated in the future', async () => {
    const message = messageFor(user.address);
    const signature = await user.signMessage({ message });
    await expectRejected({ message, signature, expectedDomain: DOMAIN, now: minutes(10) });
    // Issued At may be ahead of our clock by a minute at most.
    await expect(
      verifySiweLogin({
        message,
        signature,
        expectedDomain: DOMAIN,
        now: new Date(T0.getTime() - 59_000),
      }),
    ).resolves.toMatchObject({ address: user.address });
    await expectRejected({ message, signature, expectedDomain: DOMAIN, now: minutes(-2) });
  });

  it('rejects a message before its Not Before time', async () => {
    const message = new SiweMessage({
      domain: DOMAIN,
      address: user.address,
      statement: SIWE_STATEMENT,
      uri: URI,
      version: '1',
      chainId: 1,
      nonce: 'Abc123def456',
      issuedAt: T0.toISOString(),
      notBefore: minutes(5).toISOString(),
      expirationTime: minutes(10).toISOString(),
    }).prepareMessage();
    const signature = await user.signMessage({ message });
    await expectRejected({ message, signature, expectedDomain: DOMAIN, now: minutes(1) });
    await expect(
      verifySiweLogin({ message, signature, expectedDomain: DOMAIN, now: minutes(6) }),
    ).resolves.toMatchObject({ address: user.address });
  });

  it('rejects a message without an expiration time', async () => {
    const message = messageFor(user.address).replace(/\nExpiration Time: .*$/, '');
    const signature = await user.signMessage({ message });
    await expectRejected({ message, signature, expectedDomain: DOMAIN, now: minutes(1) });
  });

  it('rejects a message for another site or page', async () => {
    const message = messageFor(user.address);
    const signature = await user.signMessage({ message });
    await expectRejected({
      message,
      signature,
      expectedDomain: 'evil.example.com',
      now: minutes(1),
    });
    await expectRejected({
      message,
      signature,
      expectedDomain: DOMAIN,
      expectedUri: 'https://app.example.com/other',
      now: minutes(1),
    });
  });

  it('rejects a message changed after signing', async () => {
    const message = messageFor(user.address);
    const signature = await user.signMessage({ message });
    const base = { signature, expectedDomain: DOMAIN, now: minutes(1) };
    await expectRejected({ ...base, message: message.replace('Abc123def456', 'Xyz987uvw654') });
    await expectRejected({ ...base, message: message.replace(user.address, stranger.address) });
    await expectRejected({ ...base, message: message.replace('Chain ID: 1', 'Chain ID: 10') });
    // Same fields, other spelling: only the exact text the wallet signed is taken.
    await expectRejected({ ...base, message: message.replace('Chain ID: 1', 'Chain ID: 01') });
  });

  it('rejects a signature by another key', async () => {
    const message = messageFor(user.address);
    const signature = await stranger.signMessage({ message });
    await expectRejected({ message, signature, expectedDomain: DOMAIN, now: minutes(1) });
  });

  it('rejects garbage', async () => {
    const signature = await user.signMessage({ message: 'hello' });
    const now = minutes(1);
    await expectRejected({ message: 'hello', signature, expectedDomain: DOMAIN, now });
    await expectRejected({ message: '', signature, expectedDomain: DOMAIN, now });
    const message = messageFor(user.address);
    await expectRejected({ message, signature: '0x', expectedDomain: DOMAIN, now });
    await expectRejected({ message, signature: 'not hex', expectedDomain: DOMAIN, now });
    await expectRejected({ message: `${message}\n`, signature, expectedDomain: DOMAIN, now });
  });
});

// A contract wallet (ERC-1271) on a stand-in chain: a loopback JSON-RPC node that says the wallet
// approves exactly one (message hash, signature) pair, and records every method it is asked for.
const ERC1271_ABI = parseAbi([
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
]);
const MAGIC_VALUE = '0x1626ba7e';
const walletAddress = privateKeyToAccount(generatePrivateKey()).address;
const walletOwner = privateKeyToAccount(generatePrivateKey());
const approved = new Map<Hex, Hex>();
const calledMethods: string[] = [];
let rpcChainId = 1;

interface RpcRequest {
  id: number | string | null;
  method: string;
  params?: unknown[];
}

function answer(request: RpcRequest): object {
  calledMethods.push(request.method);
  const ok = (result: unknown) => ({ jsonrpc: '2.0', id: request.id, result });
  switch (request.method) {
    case 'eth_chainId':
      return ok(numberToHex(rpcChainId));
    case 'net_version':
      return ok(String(rpcChainId));
    case 'eth_getCode': {
      const [address] = (request.params ?? []) as [string];
      return ok(isAddressEqual(address as Hex, walletAddress) ? '0x6080604052' : '0x');
    }
    case 'eth_call': {
      const [call] = (request.params ?? []) as [{ to: Hex; data: Hex }];
      if (!isAddressEqual(call.to, walletAddress)) return ok('0x');
      const { args } = decodeFunctionData({ abi: ERC1271_ABI, data: call.data });
      const [hash, signature] = args;
      const valid = approved.get(hash) === signature;
      return ok(
        encodeFunctionResult({
          abi: ERC1271_ABI,
          functionName: 'isValidSignature',
          result: valid ? MAGIC_VALUE : '0xffffffff',
        }),
      );
    }
    default:
      return {
        jsonrpc: '2.0',
        id: request.id,
        error: { code: -32601, message: 'method not found' },
      };
  }
}

function handleRpc(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString()) as RpcRequest | RpcRequest[];
    const reply = Array.isArray(body) ? body.map(answer) : answer(body);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
  });
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function close(server: Server) {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

let rpc: Server;
let silent: Server;
let rpcUrl: string;
let silentUrl: string;
let deadUrl: string;

beforeAll(async () => {
  rpc = createServer(handleRpc);
  rpcUrl = await listen(rpc);
  // Accepts the connection and never answers.
  silent = createServer(() => undefined);
  silentUrl = await listen(silent);
  const gone = createServer();
  deadUrl = await listen(gone);
  await close(gone);
});

afterAll(async () => {
  await close(rpc);
  await close(silent);
});

describe('verifySiweLogin with a contract wallet (ERC-1271)', () => {
  async function walletSigned(nonce: string) {
    const message = messageFor(walletAddress, { nonce });
    // What a one-owner multisig would send: its owner's signature, approved by the wallet.
    const signature = await walletOwner.signMessage({ message });
    approved.set(hashMessage(message), signature);
    return { message, signature };
  }

  it('accepts a message the wallet approves, through the configured RPC only', async () => {
    const { message, signature } = await walletSigned('Wallet0001');
    calledMethods.length = 0;
    await expect(
      verifySiweLogin({ message, signature, expectedDomain: DOMAIN, now: minutes(1), rpcUrl }),
    ).resolves.toEqual({ address: walletAddress, nonce: 'Wallet0001', chainId: 1 });
    // Reads only: never a transaction, an approval or a signature request.
    expect(new Set(calledMethods)).toEqual(new Set(['eth_chainId', 'eth_call']));
  });

  it('refuses a signature the wallet does not approve', async () => {
    const { message } = await walletSigned('Wallet0002');
    const signature = await stranger.signMessage({ message });
    calledMethods.length = 0;
    await expectRejected({ message, signature, expectedDomain: DOMAIN, now: minutes(1), rpcUrl });
    // Refused by the wallet itself, not before asking it.
    expect(calledMethods).toContain('eth_call');
  });

  it('refuses an approved pair for a changed message', async () => {
    const { message, signature } = await walletSigned('Wallet0003');
    const changed = message.replace('Wallet0003', 'Wallet0004');
    calledMethods.length = 0;
    await expectRejected({
      message: changed,
      signature,
      expectedDomain: DOMAIN,
      now: minutes(1),
      rpcUrl,
    });
    expect(calledMethods).toContain('eth_call');
    // Same fields, other spelling. siwe asks the wallet about its own re-serialisation of the
    // message, which here is the approved text: only the exact-text rule refuses this one.
    const respelled = message.replace('Chain ID: 1', 'Chain ID: 01');
    await expectRejected({
      message: respelled,
      signature,
      expectedDomain: DOMAIN,
      now: minutes(1),
      rpcUrl,
    });
  });

  it('refuses a contract wallet when no RPC is configured', async () => {
    const { message, signature } = await walletSigned('Wallet0005');
    await expectRejected({ message, signature, expectedDomain: DOMAIN, now: minutes(1) });
  });

  it('refuses a message for another chain than the RPC reads', async () => {
    const { message, signature } = await walletSigned('Wallet0006');
    rpcChainId = 137;
    calledMethods.length = 0;
    try {
      await expectRejected({ message, signature, expectedDomain: DOMAIN, now: minutes(1), rpcUrl });
    } finally {
      rpcChainId = 1;
    }
    // Refused on the chain check, before the wallet on the wrong chain is consulted.
    expect(calledMethods).toEqual(['eth_chainId']);
  });

  it('refuses, without hanging, when the RPC is down or silent', async () => {
    const { message, signature } = await walletSigned('Wallet0007');
    const input = {
      message,
      signature,
      expectedDomain: DOMAIN,
      now: minutes(1),
      rpcTimeoutMs: 500,
    };
    const started = Date.now();
    await expectRejected({ ...input, rpcUrl: deadUrl });
    await expectRejected({ ...input, rpcUrl: silentUrl });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('does not call the RPC for an ordinary account', async () => {
    const message = messageFor(user.address);
    const signature = await user.signMessage({ message });
    calledMethods.length = 0;
    await expect(
      verifySiweLogin({ message, signature, expectedDomain: DOMAIN, now: minutes(1), rpcUrl }),
    ).resolves.toMatchObject({ address: user.address });
    expect(calledMethods).toEqual([]);
  });
});
