import {
  checkUserNameOrPhone,
  dappNonce,
  login,
  loginByDapp,
  loginByGoogle,
  loginMethods,
  loginTwoFactor,
  register,
  repassword,
  sendCode,
} from '@swx/contract';
import { api } from '../../../shared/api/api';
import type { InputOf } from '../../../shared/api/api-client';

/**
 * The login group of the API (`/swx/customer/login/*`) and the password reset. Every call goes
 * through the app's client, so replies are parsed with the contract's schemas.
 */

export type RegisterBody = InputOf<typeof register>['body'];
export type LoginBody = InputOf<typeof login>['body'];
export type SendCodeBody = InputOf<typeof sendCode>['body'];
export type ResetPasswordBody = Extract<InputOf<typeof repassword>['body'], { type: 'reset' }>;
export type AvailabilityQuery = InputOf<typeof checkUserNameOrPhone>['query'];

export function fetchLoginMethods(signal: AbortSignal) {
  return api.call(loginMethods, {}, { signal });
}

export function checkAvailability(query: AvailabilityQuery, signal?: AbortSignal) {
  return api.call(checkUserNameOrPhone, { query }, { signal });
}

export function requestCode(body: SendCodeBody) {
  return api.call(sendCode, { body });
}

export function registerAccount(body: RegisterBody) {
  return api.call(register, { body });
}

export function logIn(body: LoginBody) {
  return api.call(login, { body });
}

/** `nonce`: the one put in the authorization request; the server checks the token carries it. */
export function logInWithGoogle(idToken: string, nonce: string, inviteCode?: string) {
  return api.call(loginByGoogle, { body: { idToken, nonce, inviteCode } });
}

export function requestWalletMessage(address: string, chainId: number) {
  return api.call(dappNonce, { body: { address, chainId } });
}

export function logInWithWallet(message: string, signature: string, inviteCode?: string) {
  return api.call(loginByDapp, { body: { message, signature, inviteCode } });
}

export function resetPassword(body: ResetPasswordBody) {
  return api.call(repassword, { body });
}

/** The second step of a sign-in with two-factor authentication on. */
export function logInWithCode(challenge: string, code: string) {
  return api.call(loginTwoFactor, { body: { challenge, code } });
}
