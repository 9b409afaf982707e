export const FLOORS: Record<'performance' | 'accessibility' | 'best-practices', number>;
export const RETURNING_FLOORS: typeof FLOORS;
export function median(values: number[]): number;
export function judge(
  runs: { scores: Record<string, number> }[],
  floors?: Record<string, number>,
): { scores: Record<string, number>; failures: string[] };
export const PHONE_SLOWDOWN: number;
export const DESKTOP_CLASS_INDEX: number;
export const PHONE_INDEX: number;
export function phoneSlowdown(hostIndex: number): number;
export const HOST_DRIFT: number;
export function slowdownForRun(runIndex: number | undefined, slowdown: number): number | null;
export function countedAttempt<
  T extends { slowdown: number; runIndex: number | undefined; matched: boolean },
>(attempts: T[]): T;
