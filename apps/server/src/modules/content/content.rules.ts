import { CONTENT_ALLOWED_TAGS } from '@swx/contract';
import sanitizeHtml from 'sanitize-html';

/**
 * Sanitises staff-written HTML: whitelisted tags only, no attributes but `href` on links (http,
 * https, mailto or a site-relative path), and every link opens safely.
 */
export function sanitizeBody(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...CONTENT_ALLOWED_TAGS],
    allowedAttributes: { a: ['href', 'rel', 'target'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs.href ?? '';
        const external = /^https?:\/\//i.test(href);
        const safe: Record<string, string> = external
          ? { href, rel: 'noopener noreferrer nofollow', target: '_blank' }
          : href
            ? { href }
            : {};
        return { tagName, attribs: safe };
      },
    },
  }).trim();
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Plain text leaves the server as text, not HTML: entities are turned back into characters. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The first sentences of a body as plain text, for lists of notices. */
export function summarize(html: string, maxLength = 180): string {
  // Block boundaries become spaces, so a heading does not run into the paragraph after it.
  const spaced = html.replace(/<\/(h2|h3|p|li|td|th|tr)>|<br\s*\/?>/gi, (tag) => `${tag} `);
  const text = decodeEntities(sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} }))
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxLength / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
