export const FLOORS: Record<'performance' | 'accessibility' | 'best-practices', number>;
export function median(values: number[]): number;
export function judge(
  runs: { scores: Record<string, number> }[],
  floors?: Record<string, number>,
): { scores: Record<string, number>; failures: string[] };
