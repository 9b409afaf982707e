import { describe, expect, it } from 'vitest';
import {
  addressValid,
  fundingAmountValid,
  lastSixMatches,
  networkCarries,
  txHashValid,
  withdrawalFigures,
} from './funding';

describe('withdrawal figures', () => {
  it.each([
    // amount, rate, coin, fee, actual
    ['100', '0.01', 'USDT', '1', '99'],
    ['250', '0.01', 'USDT', '2.5', '247.5'],
    ['0.333333', '0.01', 'USDT', '0.003334', '0.329999'],
    ['0.01', '0.01', 'BTC', '0.0001', '0.0099'],
    ['0.00000101', '0.01', 'BTC', '0.00000002', '0.00000099'],
    ['10', '0', 'USDT', '0', '10'],
  ] as const)('%s %s at %s: fee %s (rounded up), %s arrives', (amount, rate, coin, fee, actual) => {
    expect(withdrawalFigures(amount, rate, coin)).toEqual({ fee, actual });
  });

  it('refuses an amount the fee eats whole', () => {
    expect(withdrawalFigures('0.000001', '1', 'USDT')).toBeUndefined();
    expect(withdrawalFigures('0.00000001', '0.5', 'BTC')).toBeUndefined();
  });
});

describe('amounts, hashes and addresses', () => {
  it.each([
    ['120', 'USDT', true],
    ['0.000001', 'USDT', true],
    ['0.0000001', 'USDT', false],
    ['0.00000001', 'BTC', true],
    ['0', 'USDT', false],
    ['-1', 'USDT', false],
    ['1e3', 'USDT', false],
    ['', 'USDT', false],
    [' 5', 'USDT', false],
  ] as const)('%j of %s is %s', (amount, coin, valid) => {
    expect(fundingAmountValid(amount, coin)).toBe(valid);
  });

  const tron = `${'a1'.repeat(32)}`;
  it.each([
    ['TRC20', tron, true],
    ['TRC20', `0x${tron}`, false],
    ['ERC20', `0x${tron}`, true],
    ['ERC20', tron, false],
    ['BTC', tron.toUpperCase(), true],
    ['BTC', tron.slice(1), false],
  ] as const)('%s hash %s is %s', (network, hash, valid) => {
    expect(txHashValid(network, hash)).toBe(valid);
  });

  it.each([
    [tron, 'a1a1a1', true],
    [tron, 'A1A1A1', true],
    [tron, '1a1a1a', false],
    [tron, 'a1a1a', false],
    [`0x${tron}`, 'a1a1a1', true],
  ])('%s ends in %s: %s', (hash, six, valid) => {
    expect(lastSixMatches(hash, six)).toBe(valid);
  });

  it.each([
    ['TRC20', 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', true],
    ['TRC20', 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv', false],
    ['TRC20', 'TJRabPrwbZy45sbavfcjinPJC18kjpRT0l', false],
    ['ERC20', `0x${'Ab'.repeat(20)}`, true],
    ['ERC20', `0x${'ab'.repeat(19)}`, false],
    ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', true],
    ['BTC', '1BoatSLRHtKNngkdXEeobR76b53LETtpyT', true],
    ['BTC', '0x1234', false],
  ] as const)('%s address %s is %s', (network, address, valid) => {
    expect(addressValid(network, address)).toBe(valid);
  });

  it('knows which network carries which coin', () => {
    expect(networkCarries('USDT', 'TRC20')).toBe(true);
    expect(networkCarries('USDT', 'BTC')).toBe(false);
    expect(networkCarries('ETH', 'ERC20')).toBe(true);
    expect(networkCarries('BTC', undefined)).toBe(false);
  });
});
