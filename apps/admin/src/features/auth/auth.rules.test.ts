import { describe, expect, it } from 'vitest';
import { groupSecret, normaliseTotpCode, validatePasswordChange } from './auth.rules';

describe('validatePasswordChange', () => {
  const ok = {
    currentPassword: 'one-time-pass',
    newPassword: 'a much longer one',
    confirmPassword: 'a much longer one',
  };
  const withNew = (password: string) => ({
    ...ok,
    newPassword: password,
    confirmPassword: password,
  });

  it.each([
    [ok, {}],
    [{ ...ok, currentPassword: '' }, { currentPassword: 'password.errors.currentRequired' }],
    [withNew('short'), { newPassword: 'password.errors.tooShort' }],
    [withNew('one-time-pass'), { newPassword: 'password.errors.sameAsCurrent' }],
    [withNew('ADMIN-and-more'), { newPassword: 'password.errors.containsUsername' }],
    [withNew('abababababab'), { newPassword: 'password.errors.tooSimple' }],
    [
      { ...ok, confirmPassword: 'a much longer on' },
      { confirmPassword: 'password.errors.mismatch' },
    ],
  ])('%o -> %o', (values, errors) => {
    expect(validatePasswordChange(values, 'admin')).toEqual(errors);
  });
});

describe('authenticator helpers', () => {
  it('keeps six digits of what was typed or pasted', () => {
    expect(normaliseTotpCode(' 123-456 7')).toBe('123456');
  });
  it('groups a base32 secret in fours', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPJBSW')).toBe('JBSW Y3DP EHPK 3PXP JBSW');
  });
});
