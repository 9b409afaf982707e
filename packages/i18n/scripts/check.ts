/**
 * Catalogue completeness check (part of `npm run check`): every locale has every namespace of the
 * English reference with exactly its keys, no empty message, the same ICU placeholders, and the
 * `errors` namespace has a message for every code of the contract's catalogue.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { catalogueCodes } from '@swx/contract';
import { DEFAULT_LOCALE, LOCALE_CODES } from '../src/locales';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'locales');

function placeholders(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    if (el.type === TYPE.tag) {
      into.add(`<${el.value}>`);
      placeholders(el.children, into);
      continue;
    }
    into.add(el.value);
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      for (const option of Object.values(el.options)) placeholders(option.value, into);
    }
  }
  return into;
}

export function checkCatalogues(dir: string, requiredErrorKeys: readonly string[]): string[] {
  const problems: string[] = [];
  const read = (locale: string, ns: string): Record<string, unknown> | undefined => {
    const file = join(dir, locale, `${ns}.json`);
    if (!existsSync(file)) return undefined;
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    } catch (error) {
      problems.push(`${locale}/${ns}.json: not valid JSON (${String(error)})`);
      return {};
    }
  };
  const namespaces = readdirSync(join(dir, DEFAULT_LOCALE))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5));
  for (const locale of readdirSync(dir)) {
    if (!(LOCALE_CODES as readonly string[]).includes(locale))
      problems.push(`${locale}: not a product locale`);
  }
  const reference = new Map(namespaces.map((ns) => [ns, read(DEFAULT_LOCALE, ns) ?? {}]));
  const errors = reference.get('errors') ?? {};
  for (const key of requiredErrorKeys) {
    if (!(key in errors))
      problems.push(`${DEFAULT_LOCALE}/errors.json: no message for code ${key}`);
  }
  for (const locale of LOCALE_CODES) {
    for (const ns of namespaces) {
      const messages = read(locale, ns);
      if (!messages) {
        problems.push(`${locale}/${ns}.json: missing`);
        continue;
      }
      const ref = reference.get(ns) ?? {};
      for (const key of Object.keys(ref)) {
        if (!(key in messages)) problems.push(`${locale}/${ns}.json: missing key "${key}"`);
      }
      for (const [key, value] of Object.entries(messages)) {
        const refValue = ref[key];
        if (refValue === undefined) {
          problems.push(`${locale}/${ns}.json: extra key "${key}"`);
          continue;
        }
        if (typeof value !== 'string' || value.trim() === '') {
          problems.push(`${locale}/${ns}.json: empty message for "${key}"`);
          continue;
        }
        try {
          const mine = [...placeholders(parse(value))].sort().join(',');
          const theirs = [...placeholders(parse(typeof refValue === 'string' ? refValue : ''))]
            .sort()
            .join(',');
          if (mine !== theirs) {
            problems.push(
              `${locale}/${ns}.json: "${key}" has placeholders {${mine}}, English has {${theirs}}`,
            );
          }
        } catch (error) {
          problems.push(
            `${locale}/${ns}.json: "${key}" is not a valid ICU message (${String(error)})`,
          );
        }
      }
    }
  }
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const problems = checkCatalogues(root, catalogueCodes.map(String));
  if (problems.length > 0) {
    console.error(`i18n check failed with ${problems.length} problem(s):`);
    for (const p of problems) console.error(`  - ${p}`);
    process.exit(1);
  }
  console.log(`i18n check passed: ${LOCALE_CODES.length} locales complete`);
}
