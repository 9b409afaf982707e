/**
 * mulberry32: a tiny seeded generator for the simulations and the fuzzing, so that one seed gives
 * the same run (and a failing seed can be replayed). Not for anything secret.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A conversion as the simulations draw it: one of four pairs, and an amount in the scale of the
 * asset given (USDT to the cent, a coin to six decimals). Two draws from `random`, in this order.
 */
export function randomConversion(random: () => number): {
  from: 'USDT' | 'BTC' | 'ETH';
  to: 'USDT' | 'BTC' | 'ETH';
  amount: string;
} {
  const pairs = [
    ['USDT', 'BTC'],
    ['BTC', 'USDT'],
    ['USDT', 'ETH'],
    ['ETH', 'BTC'],
  ] as const;
  const [from, to] = pairs[Math.floor(random() * pairs.length)] ?? pairs[0];
  const amount =
    from === 'USDT' ? (5 + random() * 300).toFixed(2) : (random() * 0.01 + 0.0001).toFixed(6);
  return { from, to, amount };
}
