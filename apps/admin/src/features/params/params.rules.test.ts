import { describe, expect, it } from 'vitest';
import { paramValueError } from './params.rules';

describe('paramValueError', () => {
  it.each([
    ['decimal', '0.002', undefined],
    ['decimal', '120', undefined],
    ['decimal', '0', undefined],
    ['decimal', '-1', 'params.errors.decimal'],
    ['decimal', '1e3', 'params.errors.decimal'],
    ['decimal', '.5', 'params.errors.decimal'],
    ['decimal', '01', 'params.errors.decimal'],
    ['decimal', '', 'params.errors.decimal'],
    ['integer', '3', undefined],
    ['integer', '3.0', 'params.errors.integer'],
    ['url', '', undefined],
    ['url', 'https://example.org/app.apk', undefined],
    ['url', 'http://example.org', undefined],
    ['url', 'javascript:alert(1)', 'params.errors.url'],
    ['url', 'example.org', 'params.errors.url'],
    ['text', 'anything', undefined],
  ] as const)('%s %j -> %s', (kind, value, error) => {
    expect(paramValueError(kind, value)).toBe(error);
  });
});
