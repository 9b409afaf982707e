import { describe, expect, it } from 'vitest';
import { paramValueProblem, type ParamKind } from './params.rules';

describe('parameter values', () => {
  it.each<[string, ParamKind, string, boolean]>([
    ['withdraw_fee_rate', 'decimal', '0.01', true],
    ['withdraw_fee_rate', 'decimal', '1', true],
    ['withdraw_fee_rate', 'decimal', '1.5', false],
    ['withdraw_fee_rate', 'decimal', '-0.01', false],
    ['withdraw_fee_rate', 'decimal', '1e-2', false],
    ['maintenance_margin_ratio', 'decimal', '0.2', true],
    ['demo_grant', 'decimal', '100000', true],
    ['demo_grant', 'decimal', 'lots', false],
    ['deposit_min_btc', 'decimal', '0.015', true],
    ['loan_free_days', 'integer', '3', true],
    ['loan_free_days', 'integer', '3.5', false],
    ['loan_free_days', 'integer', '-1', false],
    ['loan_free_days', 'integer', '03', false],
    ['down_url', 'url', '', true],
    ['down_url', 'url', 'https://example.org/app.apk', true],
    ['down_url', 'url', 'javascript:alert(1)', false],
    ['down_url', 'url', 'ftp://example.org/app.apk', false],
    ['down_url', 'url', 'not a url', false],
  ])('%s = %j is %s', (key, kind, value, accepted) => {
    expect(paramValueProblem(key, kind, value) === undefined).toBe(accepted);
  });
});
