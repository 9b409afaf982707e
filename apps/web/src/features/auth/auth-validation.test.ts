import { describe, expect, it } from 'vitest';
import {
  addressBody,
  addressKey,
  checkAccount,
  checkCode,
  checkConfirmation,
  checkEmail,
  checkInviteCode,
  checkLoginForm,
  checkNewPassword,
  checkPhone,
  checkRegisterForm,
  checkUsername,
  type RegisterValues,
} from './auth-validation';

const key = (problem: { key: string } | null) => problem?.key ?? null;

describe('field rules (spec §5, the contract schemas)', () => {
  it.each([
    ['', 'auth:validation.usernameRequired'],
    ['   ', 'auth:validation.usernameRequired'],
    ['ab', 'auth:validation.usernameFormat'],
    ['1amy', 'auth:validation.usernameFormat'],
    ['amy smith', 'auth:validation.usernameFormat'],
    ['a'.repeat(21), 'auth:validation.usernameFormat'],
    ['Amy_2', null],
    [' amy ', null],
  ])('username %j -> %s', (value, expected) => {
    expect(key(checkUsername(value))).toBe(expected);
  });

  it.each([
    ['', 'auth:validation.emailRequired'],
    ['amy', 'auth:validation.emailFormat'],
    ['amy@', 'auth:validation.emailFormat'],
    ['amy@example', 'auth:validation.emailFormat'],
    [' Amy@Example.com ', null],
  ])('email %j -> %s', (value, expected) => {
    expect(key(checkEmail(value))).toBe(expected);
  });

  it.each([
    ['', 'auth:validation.accountRequired'],
    ['amy', null],
    ['amy@example.com', null],
    ['amy@nowhere', 'auth:validation.emailFormat'],
  ])('login account %j -> %s', (value, expected) => {
    expect(key(checkAccount(value))).toBe(expected);
  });

  it.each([
    ['', 'auth:validation.phoneRequired'],
    ['123', 'auth:validation.phoneFormat'],
    ['12a456', 'auth:validation.phoneFormat'],
    ['1'.repeat(15), 'auth:validation.phoneFormat'],
    ['138 0013-8000', null],
  ])('phone %j -> %s', (value, expected) => {
    expect(key(checkPhone(value))).toBe(expected);
  });

  it('asks for at least 8 characters and at most 128 in a new password', () => {
    expect(checkNewPassword('')).toEqual({ key: 'auth:validation.passwordRequired' });
    expect(checkNewPassword('1234567')).toEqual({
      key: 'auth:validation.passwordTooShort',
      values: { min: 8 },
    });
    expect(checkNewPassword('x'.repeat(129))).toEqual({
      key: 'auth:validation.passwordTooLong',
      values: { max: 128 },
    });
    expect(checkNewPassword('12345678')).toBeNull();
  });

  it.each([
    ['secret-pass', '', 'auth:validation.confirmRequired'],
    ['secret-pass', 'secret-pas', 'auth:validation.confirmMismatch'],
    ['secret-pass', 'secret-pass', null],
  ])('confirmation of %j with %j -> %s', (password, confirmation, expected) => {
    expect(key(checkConfirmation(password, confirmation))).toBe(expected);
  });

  it.each([
    ['123456', false, 'auth:validation.codeNotSent'],
    ['', false, 'auth:validation.codeNotSent'],
    ['', true, 'auth:validation.codeRequired'],
    ['12345', true, 'auth:validation.codeFormat'],
    ['12345a', true, 'auth:validation.codeFormat'],
    [' 123456 ', true, null],
  ])('code %j (sent: %s) -> %s', (value, sent, expected) => {
    expect(key(checkCode(value, sent))).toBe(expected);
  });

  it.each([
    ['', null],
    ['abcd2345', null],
    ['ABC', 'auth:validation.inviteFormat'],
    ['ABCD-2345', 'auth:validation.inviteFormat'],
  ])('invite code %j -> %s', (value, expected) => {
    expect(key(checkInviteCode(value))).toBe(expected);
  });
});

describe('whole forms', () => {
  const empty: RegisterValues = {
    username: '',
    email: '',
    country: 'GB',
    phone: '',
    password: '',
    confirmPassword: '',
    code: '',
    inviteCode: '',
  };

  it('reports every empty field of the register form, by channel', () => {
    expect(Object.keys(checkRegisterForm('email', empty, false)).sort()).toEqual([
      'code',
      'confirmPassword',
      'email',
      'password',
      'username',
    ]);
    expect(
      Object.keys(checkRegisterForm('phone', { ...empty, country: '' }, false)).sort(),
    ).toEqual(['areaCode', 'code', 'confirmPassword', 'password', 'phone', 'username']);
  });

  it('accepts a complete register form', () => {
    const values: RegisterValues = {
      ...empty,
      username: 'amy',
      email: 'amy@example.com',
      password: 'correct horse',
      confirmPassword: 'correct horse',
      code: '123456',
    };
    expect(checkRegisterForm('email', values, true)).toEqual({});
  });

  it('checks the login account or the phone, and only that the password is there', () => {
    const values = { account: '', password: '', email: '', country: 'CN', phone: '' };
    expect(Object.keys(checkLoginForm('email', values))).toEqual(['account', 'password']);
    expect(Object.keys(checkLoginForm('phone', values))).toEqual(['phone', 'password']);
    expect(checkLoginForm('email', { ...values, account: 'amy', password: 'x' })).toEqual({});
  });

  it('builds address keys and bodies from the form', () => {
    const values = { email: ' Amy@Example.com ', country: 'GB', phone: '7700 900-123' };
    expect(addressKey('email', values)).toBe('email:amy@example.com');
    expect(addressKey('phone', values)).toBe('phone:44:7700900123');
    expect(addressBody('email', values)).toEqual({ channel: 'email', email: 'Amy@Example.com' });
    expect(addressBody('phone', values)).toEqual({
      channel: 'phone',
      areaCode: '44',
      phone: '7700900123',
    });
  });
});
