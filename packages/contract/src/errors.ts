/**
 * The error catalogue: every business code the API can answer with, and the HTTP status class
 * that goes with it. The specification's codes keep their numbers (10001..10093, 20001..20005,
 * 401); codes this platform adds start at 10100. Messages live in packages/i18n (namespace
 * `errors`, keyed by the code), in all 11 languages.
 */
export const SUCCESS = 200;

export const errorCodes = {
  10001: 400, // enter username or email
  10002: 400, // wrong email
  10003: 400, // username error
  10004: 400, // wrong password
  10005: 403, // abnormal user status
  10006: 409, // username exists
  10007: 409, // email or phone exists
  10008: 409, // wrong user status
  10009: 404, // user not found
  10010: 400, // wrong smart trading product
  10011: 409, // insufficient balance, top up first
  10012: 400, // days not found
  10013: 400, // wrong investment amount
  10014: 400, // wrong options product
  10015: 409, // not within trading hours
  10016: 400, // wrong buy amount
  10017: 400, // period not found
  10018: 404, // failed to get system parameters
  10019: 409, // wrong authentication status
  10020: 409, // wrong collectible status
  10021: 400, // receiving address not filled
  10022: 403, // user not real-name verified
  10023: 400, // loan term wrong
  10024: 409, // same product already bought
  10025: 400, // select a withdrawal method
  10089: 429, // do not resend repeatedly
  10090: 400, // send a code first
  10091: 400, // wrong code
  10092: 409, // insufficient balance
  10093: 400, // wrong withdrawal password
  10100: 400, // request failed validation
  10101: 404, // resource not found
  10102: 500, // internal error
  10103: 429, // too many requests
  10104: 409, // idempotency key reused with other parameters
  10105: 400, // idempotency key missing or malformed
  10106: 409, // same idempotency key still being processed
  10107: 403, // needs a real account (demo mode refused)
  10108: 403, // staff role lacks permission
  10109: 404, // unknown API path
  10110: 503, // service not ready
  10111: 403, // demo mode disabled for this user
  10112: 413, // request body too large
  10113: 415, // unsupported content type
  10114: 403, // staff must change the one-time password first
  10115: 400, // wrong username or password (staff sign-in)
  10116: 400, // wrong or expired authenticator code
  10117: 409, // already exists (slug, username)
  10118: 400, // password too common
  10119: 429, // too many failed logins for this account, try again later
  10120: 400, // Google sign-in could not be verified (not 401: that one means "session over")
  10121: 400, // wallet signature could not be verified
  10122: 415, // image type not accepted (JPG, PNG, JPEG 2000)
  10123: 413, // image larger than 2 MB
  10124: 400, // image could not be read
  10125: 409, // no email or phone on the account to send a code to
  10126: 404, // sign-in method not enabled on this server
  10127: 400, // required image missing
  10128: 409, // convert quote expired
  10129: 400, // convert does not match its quote
  10130: 400, // stop loss unreasonable (long: below entry; short: above)
  10131: 400, // take profit unreasonable (long: above entry; short: below)
  10132: 400, // stop loss and take profit unreasonable together
  10133: 400, // leverage not offered for the instrument
  10134: 409, // order no longer in a state that allows this (filled, closed, cancelled)
  10135: 400, // product not offered for this instrument
  10136: 409, // instrument still enabled: disable it before revoking its waiting orders
  10137: 429, // withdrawals locked for 15 minutes after 5 wrong withdrawal passwords
  10138: 409, // set a withdrawal password first
  10139: 400, // deposit below the coin's minimum
  10140: 409, // transaction hash already submitted
  10141: 400, // transaction hash not valid for the network
  10142: 400, // last 6 characters do not match the transaction hash
  10143: 400, // address not valid for the network
  10144: 400, // coin or network not available for deposits or withdrawals
  10145: 400, // bank type, account number and holder name required
  10146: 409, // already reviewed
  10147: 409, // a second finance member must approve (four-eyes)
  10148: 400, // enter a correct amount
  10149: 409, // another loan is still open
  10150: 400, // sign the loan agreement
  10151: 400, // loan product not available
  10152: 400, // bid below the minimum or at the buy-now price
  10153: 400, // enter the code from your authenticator app (two-factor is on)
  10154: 409, // two-factor authentication is already on
  10155: 409, // two-factor authentication is not on (set it up first)
  10156: 400, // the sign-in step expired: sign in again
  10157: 400, // anti-phishing code: 4 to 20 letters, digits, spaces, hyphens or underscores
  10158: 400, // give the saved address a name (1 to 40 characters)
  10159: 403, // whitelist on: withdrawals only to saved addresses (no bank withdrawals)
  10160: 403, // this saved address is on hold until the time shown
  10161: 400, // alert level already reached: above the price for "above", below it for "below"
  10162: 409, // at most 50 active price alerts
  10163: 400, // move alert: 0.1 % to 50 %
  10164: 400, // security and money notifications cannot be turned off
  10165: 404, // support conversation or attachment not found (also another customer's)
  10166: 400, // a support message: 1 to 2,000 characters, or an image
  10167: 409, // the conversation is closed: reopen it to reply (staff)
  10168: 400, // a visitor's message needs an email address to answer to
  10169: 404, // no proof of liabilities for that day (none published, or no real balance then)
  10170: 409, // an Idempotency-Key whose request was carried out but whose reply was lost (a crash)
  401: 401, // log in again
} as const satisfies Record<number, number>;

export type ErrorCode = keyof typeof errorCodes;

export const successCodes = {
  20001: 'submitted for review',
  20002: 'recharge submitted for review',
  20003: 'withdrawal submitted for review',
  20004: 'purchase successful',
  20005: 'modified successfully',
} as const;

export type SuccessCode = keyof typeof successCodes;
export type ReplyCode = typeof SUCCESS | SuccessCode | ErrorCode;

/** Every code that has a message in the `errors` catalogue. */
export const catalogueCodes: readonly number[] = [
  ...Object.keys(errorCodes).map(Number),
  ...Object.keys(successCodes).map(Number),
];

export function isErrorCode(code: number): code is ErrorCode {
  return Object.hasOwn(errorCodes, code);
}

export function httpStatusOf(code: ErrorCode): number {
  return errorCodes[code];
}
