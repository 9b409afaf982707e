import type { SystemParam } from '@swx/contract';
import type { MessageKey } from '../../i18n/en';

const NON_NEGATIVE_DECIMAL = /^(0|[1-9]\d*)(\.\d+)?$/;
const INTEGER = /^-?(0|[1-9]\d*)$/;
export const PARAM_VALUE_MAX = 2000;

/**
 * Checks a value against its parameter's kind before it goes to the server (which checks again).
 * Decimals stay strings: no number parsing, so nothing is rounded on the way.
 */
export function paramValueError(kind: SystemParam['kind'], value: string): MessageKey | undefined {
  if (value.length > PARAM_VALUE_MAX) return 'params.errors.tooLong';
  switch (kind) {
    case 'decimal':
      return NON_NEGATIVE_DECIMAL.test(value) ? undefined : 'params.errors.decimal';
    case 'integer':
      return INTEGER.test(value) ? undefined : 'params.errors.integer';
    case 'url': {
      if (value === '') return undefined;
      if (!/^https?:\/\//i.test(value)) return 'params.errors.url';
      try {
        new URL(value);
        return undefined;
      } catch {
        return 'params.errors.url';
      }
    }
    case 'text':
      return undefined;
  }
}
