/** The `offline.*` messages of common.json, without the prefix (the build writes the table). */
export interface OfflineTexts {
  title: string;
  body: string;
  retry: string;
}

export const OFFLINE_KEYS = [
  'title',
  'body',
  'retry',
] as const satisfies readonly (keyof OfflineTexts)[];

export interface OfflinePageInput {
  locale: string;
  dir: 'ltr' | 'rtl';
  texts: OfflineTexts;
  /** The stored theme choice; without one the page follows the system's preference. */
  theme: 'light' | 'dark' | undefined;
  /** The address that failed: the retry link loads it again. */
  retryHref: string;
}

/**
 * The served policy of the offline page: no script at all (the retry control is a plain link),
 * its styles inline, its one image an inline SVG.
 */
export const OFFLINE_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

// The app's tokens (styles.css), light then dark; the contrast pairs are the app's own.
const LIGHT =
  '--canvas:#f5f7fa;--surface:#fff;--fg:#111827;--muted:#4a5565;--line:#d5dbe3;--primary:#1d4ed8;--on-primary:#fff;--focus:#2563eb;color-scheme:light';
const DARK =
  '--canvas:#0c1117;--surface:#151c26;--fg:#e8edf3;--muted:#a5b0bf;--line:#2c3746;--primary:#7fb0ff;--on-primary:#0a1222;--focus:#8fbaff;color-scheme:dark';

/** The page shown when neither the network nor the cached app shell can answer a page load. */
export function renderOfflinePage(input: OfflinePageInput): string {
  const { texts } = input;
  const palette =
    input.theme === 'dark'
      ? `:root{${DARK}}`
      : input.theme === 'light'
        ? `:root{${LIGHT}}`
        : `:root{${LIGHT}}@media (prefers-color-scheme:dark){:root{${DARK}}}`;
  return `<!doctype html>
<html lang="${escapeHtml(input.locale)}" dir="${input.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(texts.title)} · SWX</title>
<style>
${palette}
*{box-sizing:border-box}
html{background:var(--canvas);color:var(--fg);-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;min-height:100dvh;display:grid;place-items:center;padding:24px;padding-block-start:max(24px,env(safe-area-inset-top));font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Noto Sans Arabic','Noto Sans CJK JP',sans-serif}
main{inline-size:100%;max-inline-size:28rem;background:var(--surface);border:1px solid var(--line);border-radius:16px;padding:32px 24px;text-align:center}
svg{inline-size:56px;block-size:56px;display:block;margin-inline:auto;margin-block-end:16px}
svg rect{fill:var(--primary)}
svg path{fill:none;stroke:var(--on-primary);stroke-width:2.6;stroke-linecap:round;stroke-linejoin:round}
h1{font-size:1.375rem;line-height:1.3;margin:0 0 8px}
p{margin:0 0 24px;color:var(--muted)}
a{display:inline-flex;align-items:center;justify-content:center;min-block-size:44px;padding-inline:24px;border-radius:10px;background:var(--primary);color:var(--on-primary);font-weight:600;text-decoration:none}
a:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
</style>
</head>
<body>
<main>
<svg viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="9"/><path d="M8 20.5 13 14l4 4 7-9"/></svg>
<h1>${escapeHtml(texts.title)}</h1>
<p>${escapeHtml(texts.body)}</p>
<a href="${escapeHtml(input.retryHref)}">${escapeHtml(texts.retry)}</a>
</main>
</body>
</html>
`;
}
