/** Scalars as the server reads them; objects have no agreed text form and are refused. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  if (value instanceof Date) return value.toISOString();
  throw new TypeError(`cannot put ${typeof value} into a URL`);
}

/** Fills `:name` segments from `params`, URL-encoded; a missing parameter is a programming error. */
export function fillPath(path: string, params: Readonly<Record<string, unknown>> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`missing path parameter "${name}" for ${path}`);
    }
    return encodeURIComponent(asText(value));
  });
}

/**
 * GET parameters with arrays as repeated keys (`code=BTC&code=ETH`), as the API expects;
 * undefined and null are left out.
 */
export function serialiseQuery(query: Readonly<Record<string, unknown>> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined || item === null) continue;
      search.append(key, asText(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
