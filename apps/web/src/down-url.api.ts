const DOWN_URL_PATH = '/swx/customer/index/getParamByKey/down_url';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `paramValue` of a successful `{ code: 200, result: { paramValue } }` reply, else undefined. */
export function readParamValue(body: unknown): string | undefined {
  if (!isRecord(body) || body.code !== 200 || !isRecord(body.result)) return undefined;
  const value = body.result.paramValue;
  return typeof value === 'string' ? value : undefined;
}

/**
 * The Android app address staff configured, or undefined when none is set or it cannot be read.
 * Only http(s) addresses are returned, because the value ends up in an href.
 */
export async function fetchAndroidAppUrl(signal: AbortSignal): Promise<string | undefined> {
  const response = await fetch(DOWN_URL_PATH, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) return undefined;
  const value = readParamValue(await response.json())?.trim();
  if (!value) return undefined;
  try {
    const url = new URL(value, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
