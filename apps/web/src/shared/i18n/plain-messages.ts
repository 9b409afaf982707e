import type ICU from 'i18next-icu';

/**
 * A message with no ICU syntax: no argument or plural braces and no doubled apostrophe (the only
 * escape that means something without braces; tags are text, as i18next-icu sets `ignoreTag`).
 * Such a message formats to itself, so no formatter needs to be built for it.
 */
export function isPlainMessage(message: string): boolean {
  return !/[{}]|''/.test(message);
}

type Parse = (res: unknown, ...rest: unknown[]) => unknown;

/**
 * i18next-icu with plain messages answered as they are: it builds an IntlMessageFormat (a parse and
 * Intl formatters) for every message on first use, which was a tenth of a signed-in page's start.
 */
export function withPlainMessages(Icu: typeof ICU) {
  const icu = new Icu() as InstanceType<typeof ICU> & { parse: Parse };
  const parse = icu.parse.bind(icu);
  icu.parse = (res, ...rest) =>
    typeof res === 'string' && isPlainMessage(res) ? res : parse(res, ...rest);
  return icu;
}
