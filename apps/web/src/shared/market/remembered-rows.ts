/** Where the row counts live (one small record per browser). */
export const REMEMBERED_ROWS_KEY = 'swx.marketRows';
const MAX_ROWS = 50;

function read(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(REMEMBERED_ROWS_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * How many rows a market list had when it last loaded in this browser, so that its skeleton is as
 * tall as the list and nothing below it moves when the rows arrive (`fallback` the first time).
 */
export function rememberedRows(list: string, fallback: number): number {
  const count = read()[list];
  return typeof count === 'number' && Number.isInteger(count) && count > 0
    ? Math.min(count, MAX_ROWS)
    : fallback;
}

export function rememberRows(list: string, count: number): void {
  const counts = read();
  if (counts[list] === count) return;
  try {
    localStorage.setItem(REMEMBERED_ROWS_KEY, JSON.stringify({ ...counts, [list]: count }));
  } catch {
    // Storage full or refused: the skeleton keeps its usual height.
  }
}
