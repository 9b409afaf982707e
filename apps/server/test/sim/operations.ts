/**
 * The operations of the whole-system simulation (./engine.ts): what a customer or a staff member
 * can do in every product, each with its weight in the random draw. They use only the seeded
 * generator and the routes, through the world the engine gives them, so the same seed asks for the
 * same operations in the same order (the order of this list is part of the draw).
 */
import { fundsOperations } from './operations-funds';
import { demoOperations, tradingOperations } from './operations-trading';
import type { SimOperation, SimWorld } from './world';

export function simOperations(world: SimWorld): SimOperation[] {
  const { int, pick, advance } = world;
  return [
    {
      name: 'clock.tick',
      weight: 18,
      run: () => advance(int(1, 40)),
    },
    {
      // Minutes to hours: plan days, loan dates, auction ends and commission days come due.
      name: 'clock.jump',
      weight: 2,
      run: () => advance(pick([600, 1800, 3600, 4 * 3600, 12 * 3600])),
    },
    ...tradingOperations(world),
    ...fundsOperations(world),
    {
      // The last request again with the same Idempotency-Key (a client retrying): the first
      // reply comes back word for word and nothing happens a second time.
      name: 'replay',
      weight: 3,
      run: () => world.replayLast(),
    },
    ...demoOperations(world),
  ];
}
