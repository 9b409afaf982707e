import { describe, expect, it } from 'vitest';
import {
  injectedProvider,
  requestChainId,
  toHexUtf8,
  walletProblemOf,
  WalletReplyError,
  type Eip1193Provider,
} from './ethereum-provider';

const answering = (value: unknown): Eip1193Provider => ({ request: async () => value });

describe('EIP-1193 helpers', () => {
  it('hex-encodes the message as UTF-8 for personal_sign', () => {
    expect(toHexUtf8('Hi')).toBe('0x4869');
    expect(toHexUtf8('é\n')).toBe('0xc3a90a');
  });

  it('reads the chain id in hex', async () => {
    await expect(requestChainId(answering('0x1'))).resolves.toBe(1);
    await expect(requestChainId(answering('0x89'))).resolves.toBe(137);
    await expect(requestChainId(answering('mainnet'))).rejects.toBeInstanceOf(WalletReplyError);
  });

  it.each([
    [{ code: 4001, message: 'User rejected the request.' }, 'rejected'],
    [{ code: -32002 }, 'pending'],
    [{ code: 4100 }, 'unauthorized'],
    [{ code: 4900 }, 'disconnected'],
    [{ code: -32603 }, 'failed'],
    [new WalletReplyError(), 'failed'],
    [new Error('network'), null],
  ])('%o -> %s', (error, expected) => {
    expect(walletProblemOf(error)).toBe(expected);
  });

  it('finds only a provider that has request()', () => {
    expect(injectedProvider()).toBeNull();
    (window as { ethereum?: unknown }).ethereum = { isMetaMask: true };
    expect(injectedProvider()).toBeNull();
    const provider = answering(null);
    (window as { ethereum?: unknown }).ethereum = provider;
    expect(injectedProvider()).toBe(provider);
    delete (window as { ethereum?: unknown }).ethereum;
  });
});
