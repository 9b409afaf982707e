import type { Locale } from '@swx/i18n';

/** The UI namespaces of packages/i18n (the `errors` namespace is shared with the server). */
export const NAMESPACES = [
  'common',
  'errors',
  'home',
  'help',
  'intro',
  'markets',
  'auth',
  'profile',
  'trade',
  'earn',
  'loan',
  'nft',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

type Messages = Readonly<Record<string, string>>;

// One chunk per language and namespace: only the active language's catalogues are ever fetched.
const files = import.meta.glob<Messages>('../../../../../packages/i18n/locales/*/*.json', {
  import: 'default',
});

export function hasCatalogue(locale: string, namespace: string): boolean {
  return `../../../../../packages/i18n/locales/${locale}/${namespace}.json` in files;
}

export async function loadCatalogue(
  locale: Locale | (string & {}),
  namespace: string,
): Promise<Messages> {
  const load = files[`../../../../../packages/i18n/locales/${locale}/${namespace}.json`];
  if (!load) throw new Error(`no catalogue ${locale}/${namespace}`);
  return load();
}
