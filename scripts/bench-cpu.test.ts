import { describe, expect, it } from 'vitest';
import { msPer, processCpuSeconds } from './bench-cpu';

describe('CPU accounting for the bench', () => {
  it('works out milliseconds per unit, and nothing without both readings or units', () => {
    const cases: [number | undefined, number | undefined, number, number | undefined][] = [
      [10, 12.5, 1_000, 2.5],
      [0, 0.3, 1_000, 0.3],
      [undefined, 1, 10, undefined],
      [1, undefined, 10, undefined],
      [1, 2, 0, undefined],
    ];
    for (const [before, after, units, expected] of cases)
      expect(msPer(before, after, units)).toBe(expected);
  });

  it("reads this process's CPU time from /proc as it grows", () => {
    const before = processCpuSeconds(process.pid);
    expect(before).toBeGreaterThan(0);
    // Busy until the process itself says it used 200 ms more (CPU time, not wall time).
    const start = process.cpuUsage();
    let spin = 0;
    while (process.cpuUsage(start).user + process.cpuUsage(start).system < 200_000) spin += 1;
    expect(spin).toBeGreaterThan(0);
    const after = processCpuSeconds(process.pid) ?? 0;
    // /proc counts in clock ticks (10 ms on Linux): allow one either side.
    expect(after - (before ?? 0)).toBeGreaterThanOrEqual(0.18);
    expect(processCpuSeconds(2 ** 30)).toBeUndefined();
  });
});
