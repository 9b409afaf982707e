import {
  AREA_CODES,
  AreaCode,
  Email,
  InviteCode,
  PASSWORD_MAX,
  PASSWORD_MIN,
  Password,
  PhoneNumber,
  Username,
  VerificationCode,
  type Channel,
} from '@swx/contract';

/**
 * The inline checks of the login, register and reset forms (spec §5). The rules are the
 * contract's field schemas, so a form never sends what the server would refuse for its shape;
 * these functions only decide which message to show. A problem names a catalogue key (with its
 * namespace) and the values it needs, and is translated where it is shown.
 */

export interface Problem {
  key: string;
  values?: Record<string, string | number>;
}

export type AuthField =
  | 'account'
  | 'username'
  | 'email'
  | 'areaCode'
  | 'phone'
  | 'password'
  | 'confirmPassword'
  | 'code'
  | 'inviteCode';

export type FieldProblems = Partial<Record<AuthField, Problem>>;

const problem = (key: string, values?: Problem['values']): Problem =>
  values ? { key: `auth:${key}`, values } : { key: `auth:${key}` };

const blank = (value: string) => value.trim() === '';

export function checkUsername(value: string): Problem | null {
  if (blank(value)) return problem('validation.usernameRequired');
  return Username.safeParse(value).success ? null : problem('validation.usernameFormat');
}

export function checkEmail(value: string): Problem | null {
  if (blank(value)) return problem('validation.emailRequired');
  return Email.safeParse(value).success ? null : problem('validation.emailFormat');
}

/** Login: a username or an email; anything with an @ has to be a well-formed email. */
export function checkAccount(value: string): Problem | null {
  if (blank(value)) return problem('validation.accountRequired');
  if (value.includes('@') && !Email.safeParse(value).success) {
    return problem('validation.emailFormat');
  }
  return null;
}

export function checkAreaCode(dialCode: string): Problem | null {
  if (blank(dialCode)) return problem('validation.areaCodeRequired');
  return AreaCode.safeParse(dialCode).success ? null : problem('validation.areaCodeRequired');
}

export function checkPhone(value: string): Problem | null {
  if (blank(value)) return problem('validation.phoneRequired');
  return PhoneNumber.safeParse(value).success ? null : problem('validation.phoneFormat');
}

/** A new password (register, reset): the contract's length bounds. */
export function checkNewPassword(value: string): Problem | null {
  if (value === '') return problem('validation.passwordRequired');
  const parsed = Password.safeParse(value);
  if (parsed.success) return null;
  return parsed.error.issues.some((issue) => issue.code === 'too_big')
    ? problem('validation.passwordTooLong', { max: PASSWORD_MAX })
    : problem('validation.passwordTooShort', { min: PASSWORD_MIN });
}

/** Logging in only needs a password: its rules were checked when it was chosen. */
export function checkLoginPassword(value: string): Problem | null {
  return value === '' ? problem('validation.passwordRequired') : null;
}

export function checkConfirmation(password: string, confirmation: string): Problem | null {
  if (confirmation === '') return problem('validation.confirmRequired');
  return confirmation === password ? null : problem('validation.confirmMismatch');
}

/** `sent`: a code was requested for the address now in the form. */
export function checkCode(value: string, sent: boolean): Problem | null {
  if (!sent) return problem('validation.codeNotSent');
  if (blank(value)) return problem('validation.codeRequired');
  return VerificationCode.safeParse(value).success ? null : problem('validation.codeFormat');
}

/** Optional; when given it has to look like one. */
export function checkInviteCode(value: string): Problem | null {
  if (blank(value)) return null;
  return InviteCode.safeParse(value).success ? null : problem('validation.inviteFormat');
}

// ---- addresses: where a verification code goes ----

export interface AddressValues {
  email: string;
  /** ISO 3166 country of the chosen calling code (several countries share one). */
  country: string;
  phone: string;
}

export function dialCodeOf(country: string): string {
  return AREA_CODES.find(([iso]) => iso === country)?.[1] ?? '';
}

export function checkAddress(channel: Channel, values: AddressValues): FieldProblems {
  const problems: FieldProblems = {};
  if (channel === 'email') {
    const email = checkEmail(values.email);
    if (email) problems.email = email;
  } else {
    const areaCode = checkAreaCode(dialCodeOf(values.country));
    if (areaCode) problems.areaCode = areaCode;
    const phone = checkPhone(values.phone);
    if (phone) problems.phone = phone;
  }
  return problems;
}

/** One key per address, so a code sent to one address does not count for another. */
export function addressKey(channel: Channel, values: AddressValues): string {
  return channel === 'email'
    ? `email:${values.email.trim().toLowerCase()}`
    : `phone:${dialCodeOf(values.country)}:${values.phone.replace(/[\s-]/g, '')}`;
}

/** The address part of a sendCode, register or reset body. */
export function addressBody(channel: Channel, values: AddressValues) {
  return channel === 'email'
    ? { channel: 'email' as const, email: values.email.trim() }
    : {
        channel: 'phone' as const,
        areaCode: dialCodeOf(values.country),
        phone: values.phone.replace(/[\s-]/g, ''),
      };
}

/** The address as a person reads it: `amy@example.com` or `+44 7700900123`. */
export function addressText(channel: Channel, values: AddressValues): string {
  return channel === 'email'
    ? values.email.trim()
    : `+${dialCodeOf(values.country)} ${values.phone.replace(/[\s-]/g, '')}`;
}

// ---- whole forms ----

export interface LoginValues extends AddressValues {
  account: string;
  password: string;
}

export function checkLoginForm(channel: Channel, values: LoginValues): FieldProblems {
  const problems: FieldProblems = {};
  if (channel === 'email') {
    const account = checkAccount(values.account);
    if (account) problems.account = account;
  } else {
    Object.assign(problems, checkAddress('phone', values));
  }
  const password = checkLoginPassword(values.password);
  if (password) problems.password = password;
  return problems;
}

export interface NewPasswordValues extends AddressValues {
  password: string;
  confirmPassword: string;
  code: string;
}

export function checkResetForm(
  channel: Channel,
  values: NewPasswordValues,
  codeSent: boolean,
): FieldProblems {
  const problems: FieldProblems = checkAddress(channel, values);
  const code = checkCode(values.code, codeSent);
  if (code) problems.code = code;
  const password = checkNewPassword(values.password);
  if (password) problems.password = password;
  const confirm = checkConfirmation(values.password, values.confirmPassword);
  if (confirm) problems.confirmPassword = confirm;
  return problems;
}

export interface RegisterValues extends NewPasswordValues {
  username: string;
  inviteCode: string;
}

export function checkRegisterForm(
  channel: Channel,
  values: RegisterValues,
  codeSent: boolean,
): FieldProblems {
  const problems = checkResetForm(channel, values, codeSent);
  const username = checkUsername(values.username);
  if (username) problems.username = username;
  const invite = checkInviteCode(values.inviteCode);
  if (invite) problems.inviteCode = invite;
  return problems;
}
