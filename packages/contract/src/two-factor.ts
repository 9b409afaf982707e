import { z } from 'zod';
import { LoginResult, SecondFactorCode } from './account';
import { envelope } from './common';
import { route } from './route';

// Two-factor authentication of customers: the second sign-in step, setup and recovery codes.

/** The second step of a sign-in: the challenge and a code; opens the session. */
export const loginTwoFactor = route({
  method: 'POST',
  path: '/swx/customer/login/twoFactor',
  body: z.object({ challenge: z.string().min(1).max(100), code: SecondFactorCode }),
  reply: envelope(LoginResult.extend({ created: z.boolean() })),
});

export const TwoFactorStatus = z.object({
  enabled: z.boolean(),
  /** Unused recovery codes (0 when off). */
  recoveryCodesLeft: z.number().int().nonnegative(),
});

export const getTwoFactor = route({
  method: 'GET',
  path: '/swx/customer/user/twoFactor',
  reply: envelope(TwoFactorStatus),
});

/** A new secret to scan (replaces one not yet confirmed); 10154 when two-factor is already on. */
export const setupTwoFactor = route({
  method: 'POST',
  path: '/swx/customer/user/twoFactor/setup',
  body: z.object({}),
  reply: envelope(
    z.object({
      secret: z.string(),
      otpauthUrl: z.string(),
      /** The otpauth address as an SVG QR code. */
      qrSvg: z.string(),
    }),
  ),
});

/** Turns two-factor on with the first good code; answers 10 recovery codes, shown this once. */
export const enableTwoFactor = route({
  method: 'POST',
  path: '/swx/customer/user/twoFactor/enable',
  body: z.object({ code: SecondFactorCode }),
  reply: envelope(z.object({ recoveryCodes: z.array(z.string()) })),
});

/** Turns two-factor off (a code or a recovery code). */
export const disableTwoFactor = route({
  method: 'POST',
  path: '/swx/customer/user/twoFactor/disable',
  body: z.object({ code: SecondFactorCode }),
  reply: envelope(TwoFactorStatus),
});

/** New recovery codes (the old ones stop working); a code or a recovery code is required. */
export const renewRecoveryCodes = route({
  method: 'POST',
  path: '/swx/customer/user/twoFactor/recoveryCodes',
  body: z.object({ code: SecondFactorCode }),
  reply: envelope(z.object({ recoveryCodes: z.array(z.string()) })),
});
