import { z } from 'zod';
import { isAreaCode } from './area-codes';
import { DecimalString, envelope, IsoDateTime } from './common';
import { route } from './route';
import { KycStatus, UserLocale } from './user-enums';

/**
 * Customer accounts: registration and login (`/swx/customer/login/*`) and the user's own account
 * (`/swx/customer/user/*`). The field rules here are the ones the web forms check inline before a
 * request is sent; the server applies the same schemas (and, beyond them, the checks that need
 * data: taken names, common passwords, codes).
 */

// ---- field rules ----

/** 3 to 20 characters, a letter first, then letters, digits or underscores; stored in lower case. */
export const Username = z
  .string()
  .trim()
  .min(3)
  .max(20)
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/)
  .transform((s) => s.toLowerCase());

export const Email = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email())
  .transform((s) => s.toLowerCase());

/** A calling code from the list (digits, no plus sign). */
export const AreaCode = z
  .string()
  .trim()
  .transform((s) => s.replace(/^\+/, ''))
  .refine(isAreaCode, 'area_code');

/** National number: digits only (spaces and dashes are removed), 4 to 14 of them. */
export const PhoneNumber = z
  .string()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{4,14}$/));

/** At least 8 characters (NIST SP 800-63B); the server also refuses common passwords (10118). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const Password = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

/** Withdrawal password: 6 digits, as brokerages' trading PINs. */
export const WithdrawPassword = z.string().regex(/^\d{6}$/);

export const VerificationCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/);

/** Invite codes are 8 characters from an unambiguous alphabet, case-insensitive. */
export const InviteCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{8}$/)
  .transform((s) => s.toUpperCase());

export const Channel = z.enum(['email', 'phone']);
export type Channel = z.infer<typeof Channel>;

/** Where a code goes: an email address, or a phone number with its calling code. */
export const Address = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('email'), email: Email }),
  z.object({ channel: z.literal('phone'), areaCode: AreaCode, phone: PhoneNumber }),
]);
export type Address = z.infer<typeof Address>;

/** The user info a login returns and getUserInfo refreshes. The user's own data, unmasked. */
export const UserInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  areaCode: z.string().nullable(),
  phone: z.string().nullable(),
  /** A wallet address linked by Sign-In with Ethereum (checksummed). */
  walletAddress: z.string().nullable(),
  googleLinked: z.boolean(),
  hasPassword: z.boolean(),
  hasWithdrawPassword: z.boolean(),
  /** Two-factor authentication (an authenticator app) is on: sign-in and withdrawals ask a code. */
  twoFactor: z.boolean(),
  /** The phrase every mail from the platform shows, so that a mail without it is known false. */
  antiPhishingCode: z.string().nullable(),
  kycStatus: KycStatus,
  /** The reviewer's reason when KYC was not passed. */
  kycReason: z.string().nullable(),
  demoEnabled: z.boolean(),
  inviteCode: z.string(),
  locale: UserLocale,
  createdAt: IsoDateTime,
});
export type UserInfo = z.infer<typeof UserInfo>;

export const LoginResult = z.object({ token: z.string(), user: UserInfo });
export type LoginResult = z.infer<typeof LoginResult>;

/**
 * The first step of a sign-in was right, and two-factor authentication is on: the session opens
 * with `loginTwoFactor` and a code from the authenticator app (or a recovery code).
 */
export const TwoFactorRequired = z.object({
  twoFactor: z.object({ challenge: z.string(), expiresAt: IsoDateTime }),
});
export type TwoFactorRequired = z.infer<typeof TwoFactorRequired>;
export const SignInResult = z.union([LoginResult, TwoFactorRequired]);
export type SignInResult = z.infer<typeof SignInResult>;
export const IdentitySignInResult = z.union([
  LoginResult.extend({ created: z.boolean() }),
  TwoFactorRequired,
]);
export type IdentitySignInResult = z.infer<typeof IdentitySignInResult>;

/**
 * A 6-digit authenticator code, or a recovery code (letters and digits; hyphens and spaces are
 * ignored). Whether it is right is the server's answer (10116), never a format error.
 */
export const SecondFactorCode = z.string().trim().max(40);

// ---- /swx/customer/login ----

/** Whether a username, email or phone number is still free (the register form asks as you type). */
export const checkUserNameOrPhone = route({
  method: 'GET',
  path: '/swx/customer/login/checkUserNameOrPhone',
  query: z.object({
    kind: z.enum(['username', 'email', 'phone']),
    value: z.string().trim().min(1).max(254),
    areaCode: z.string().trim().max(5).optional(),
  }),
  reply: envelope(z.object({ available: z.boolean() })),
});

export const CodePurpose = z.enum(['register', 'reset', 'withdrawPassword', 'bind']);
export type CodePurpose = z.infer<typeof CodePurpose>;

/**
 * Sends a 6-digit code (valid 10 minutes, one send per 60 s per address: 10089). `register` and
 * `reset` name the address; `withdrawPassword` goes to the logged-in user's own email or phone
 * (`channel` picks which); `bind` adds an email or phone to a logged-in account that has none.
 */
export const sendCode = route({
  method: 'POST',
  path: '/swx/customer/login/sendCode',
  body: z.union([
    z.intersection(z.object({ purpose: z.enum(['register', 'reset', 'bind']) }), Address),
    z.object({ purpose: z.literal('withdrawPassword'), channel: Channel }),
  ]),
  reply: envelope(
    z.object({
      /** Seconds until another code may be sent to this address. */
      resendAfter: z.number().int(),
      /** Seconds the code stays valid. */
      expiresIn: z.number().int(),
    }),
  ),
  fieldCodes: { email: 10002 },
});

export const register = route({
  method: 'POST',
  path: '/swx/customer/login/register',
  body: z.intersection(
    z.object({
      username: Username,
      password: Password,
      confirmPassword: z.string().max(PASSWORD_MAX),
      code: VerificationCode,
      inviteCode: InviteCode.optional(),
      locale: UserLocale.optional(),
    }),
    Address,
  ),
  reply: envelope(LoginResult),
  fieldCodes: { username: 10003, email: 10002, code: 10091 },
});

/**
 * `account` is a username or an email; with `areaCode` it is a phone number. Failed attempts are
 * throttled per account (10119) and per address.
 */
export const login = route({
  method: 'POST',
  path: '/swx/customer/login/login',
  body: z.object({
    account: z.string().trim().min(1).max(254),
    areaCode: z.string().trim().max(5).optional(),
    password: z.string().min(1).max(PASSWORD_MAX),
  }),
  reply: envelope(SignInResult),
  fieldCodes: { account: 10001 },
});

export const logout = route({
  method: 'POST',
  path: '/swx/customer/login/logout',
  reply: envelope(z.null()),
});

/** The Google login: the ID token from the return page, verified against Google's keys. */
export const loginByGoogle = route({
  method: 'POST',
  path: '/swx/customer/login/loginByGoogle',
  body: z.object({
    idToken: z.string().min(20).max(8192),
    /** The nonce the app put in the authorization request; the token must carry the same. */
    nonce: z.string().min(8).max(200).optional(),
    inviteCode: InviteCode.optional(),
  }),
  reply: envelope(IdentitySignInResult),
});

/** Which optional sign-in methods this server offers (the buttons show only when configured). */
export const loginMethods = route({
  method: 'GET',
  path: '/swx/customer/login/methods',
  reply: envelope(
    z.object({
      google: z.object({ clientId: z.string(), authorizeUrl: z.string() }).nullable(),
      wallet: z.boolean(),
      sms: z.boolean(),
    }),
  ),
});

/**
 * Sign-In with Ethereum, step 1: the server issues a one-time nonce and the full EIP-4361 message
 * text for this address and chain; the wallet signs exactly that text (personal_sign).
 */
export const dappNonce = route({
  method: 'POST',
  path: '/swx/customer/login/dappNonce',
  body: z.object({
    address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
    chainId: z
      .number()
      .int()
      .positive()
      .max(2 ** 53),
  }),
  reply: envelope(z.object({ message: z.string(), nonce: z.string(), expiresAt: IsoDateTime })),
});

/** Step 2: the signed message. Never a transaction or an approval. */
export const loginByDapp = route({
  method: 'POST',
  path: '/swx/customer/login/loginByDapp',
  body: z.object({
    message: z.string().min(1).max(4096),
    signature: z
      .string()
      .regex(/^0x[0-9a-fA-F]+$/)
      .max(10_000),
    inviteCode: InviteCode.optional(),
  }),
  reply: envelope(IdentitySignInResult),
});

// ---- /swx/customer/user ----

export const getUserInfo = route({
  method: 'POST',
  path: '/swx/customer/user/getUserInfo',
  reply: envelope(UserInfo),
});

/**
 * `reset`: a forgotten password, with a code sent to the account's email or phone (no login).
 * `change`: logged in, with the current password. Either way every other session ends.
 */
export const repassword = route({
  method: 'POST',
  path: '/swx/customer/user/repassword',
  body: z.union([
    z.intersection(
      z.object({
        type: z.literal('reset'),
        code: VerificationCode,
        password: Password,
        confirmPassword: z.string().max(PASSWORD_MAX),
      }),
      Address,
    ),
    z.object({
      type: z.literal('change'),
      oldPassword: z.string().min(1).max(PASSWORD_MAX),
      password: Password,
      confirmPassword: z.string().max(PASSWORD_MAX),
    }),
  ]),
  reply: envelope(z.null()),
  fieldCodes: { email: 10002, code: 10091 },
});

/** Sets or changes the withdrawal password; a code sent to the user's email or phone protects it. */
export const repasswordTx = route({
  method: 'POST',
  path: '/swx/customer/user/repasswordTx',
  body: z.object({
    channel: Channel,
    code: VerificationCode,
    password: WithdrawPassword,
    confirmPassword: z.string().max(20),
    /** Required when two-factor authentication is on (10153). */
    twoFactorCode: SecondFactorCode.optional(),
  }),
  reply: envelope(z.null()),
  fieldCodes: { code: 10091 },
});

/** Adds an email or a phone number to an account without one (wallet or Google sign-ups). */
export const bindContact = route({
  method: 'POST',
  path: '/swx/customer/user/bindContact',
  body: z.intersection(z.object({ code: VerificationCode }), Address),
  reply: envelope(UserInfo),
  fieldCodes: { email: 10002, code: 10091 },
});

export const updateSettings = route({
  method: 'POST',
  path: '/swx/customer/user/settings',
  body: z.object({ locale: UserLocale }),
  reply: envelope(UserInfo),
});

/** 4 to 20 letters (any script), digits, spaces, hyphens or underscores. */
export const AntiPhishingCode = z
  .string()
  .trim()
  .regex(/^[\p{L}\p{N} _-]{4,20}$/u);

/**
 * Sets (or with `null` removes) the anti-phishing code; with two-factor authentication on, a code
 * from the app as well, so a stolen session alone cannot make a phishing mail look genuine.
 */
export const setAntiPhishing = route({
  method: 'POST',
  path: '/swx/customer/user/antiPhishing',
  body: z.object({
    code: AntiPhishingCode.nullable(),
    twoFactorCode: SecondFactorCode.optional(),
  }),
  reply: envelope(UserInfo),
  fieldCodes: { code: 10157 },
});

export const AccountBalance = z.object({
  asset: z.string(),
  available: DecimalString,
  frozen: DecimalString,
});

/** The balances of the request's mode (X-Account-Mode), per asset. */
export const getAccountSummary = route({
  method: 'GET',
  path: '/swx/customer/user/accountSummary',
  reply: envelope(
    z.object({
      mode: z.enum(['real', 'demo']),
      balances: z.array(AccountBalance),
    }),
  ),
});

/** Restores the demo balances to the demo grant (only in demo mode). */
export const resetDemo = route({
  method: 'POST',
  path: '/swx/customer/user/resetDemo',
  reply: envelope(z.object({ balances: z.array(AccountBalance) })),
  idempotent: true,
});
