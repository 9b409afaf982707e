import { dec, isDecimalString } from '@swx/money';

export type ParamKind = 'decimal' | 'integer' | 'url' | 'text';

/**
 * Why a value is not acceptable for a parameter, or undefined when it is. Rates and ratios are
 * shares (0 to 1); counts are non-negative integers; addresses are http(s) or empty.
 */
export function paramValueProblem(key: string, kind: ParamKind, value: string): string | undefined {
  switch (kind) {
    case 'decimal': {
      if (!isDecimalString(value) || value.startsWith('-')) return 'a non-negative decimal number';
      if (/_(rate|ratio)$/.test(key) && dec(value).greaterThan(1)) return 'a share between 0 and 1';
      return undefined;
    }
    case 'integer':
      return /^(0|[1-9]\d{0,8})$/.test(value) ? undefined : 'a non-negative whole number';
    case 'url':
      if (value === '') return undefined;
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || url.protocol === 'http:'
          ? undefined
          : 'an http(s) address';
      } catch {
        return 'an http(s) address';
      }
    case 'text':
      return value.length <= 2000 ? undefined : 'at most 2000 characters';
  }
}
