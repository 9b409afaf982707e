import {
  getNotificationPrefs,
  setNotificationPref,
  addAlert,
  deleteAlert,
  listAlert,
  listMarketByType,
  bindContact,
  getAccountSummary,
  getIdentification,
  disableTwoFactor,
  enableTwoFactor,
  getInviteInfo,
  getTwoFactor,
  listCommission,
  listLevel,
  getUserInfo,
  identification,
  KYC_FILE_PATH,
  logout,
  repassword,
  renewRecoveryCodes,
  repasswordTx,
  setAntiPhishing,
  setupTwoFactor,
  resetDemo,
  sendCode,
  updateSettings,
  type Address,
  type Channel,
  type KycFields,
  type KycFileSlot,
  type NotificationKind,
  type UserInfo,
} from '@swx/contract';
import type { Locale } from '@swx/i18n';
import { api, fetchPrivateFile } from '../../../shared/api/api';
import { fillPath } from '../../../shared/api/request-url';
import { session } from '../../../shared/session/session-store';

export function fetchUserInfo(signal?: AbortSignal): Promise<UserInfo> {
  return api.call(getUserInfo, {}, { signal }).then((user) => {
    rememberUser(user);
    return user;
  });
}

/** Keeps the session's copy of the user (header menu, other tabs) as fresh as the last reply. */
export function rememberUser(user: UserInfo): void {
  const { token } = session.get();
  if (token) session.signIn(token, user);
}

export function fetchAccountSummary(signal: AbortSignal) {
  return api.call(getAccountSummary, {}, { signal });
}

/** `key` stays the same for retries of one confirmed reset, so a lost reply cannot reset twice. */
export function resetDemoBalances(idempotencyKey: string) {
  return api.call(resetDemo, {}, { idempotencyKey });
}

/** Ends a session on the server; the tab has already forgotten its token. */
export function logoutSession(token: string) {
  return api.call(logout, {}, { token });
}

export function changePassword(input: {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}) {
  return api.call(repassword, { body: { type: 'change', ...input } });
}

export function sendWithdrawPasswordCode(channel: Channel) {
  return api.call(sendCode, { body: { purpose: 'withdrawPassword', channel } });
}

export function sendBindCode(address: Address) {
  return api.call(sendCode, { body: { purpose: 'bind', ...address } });
}

export function bindAddress(address: Address, code: string) {
  return api.call(bindContact, { body: { ...address, code } });
}

export function setWithdrawPassword(input: {
  channel: Channel;
  code: string;
  password: string;
  confirmPassword: string;
  twoFactorCode?: string;
}) {
  return api.call(repasswordTx, { body: input });
}

/** Sets the anti-phishing code, or removes it with `null`. */
export function saveAntiPhishing(code: string | null, twoFactorCode?: string) {
  return api.call(setAntiPhishing, {
    body: { code, ...(twoFactorCode ? { twoFactorCode } : {}) },
  });
}

export function saveLocale(locale: Locale) {
  return api.call(updateSettings, { body: { locale } });
}

// ---- KYC ----

export function fetchIdentification(signal: AbortSignal) {
  return api.call(getIdentification, {}, { signal });
}

export type KycUpload = Partial<Record<KycFileSlot, Blob>>;

/** The multipart body of a submission: the fields, then one file per slot. */
export function kycFormData(fields: KycFields, files: KycUpload): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, String(value));
  for (const [slot, blob] of Object.entries(files)) {
    if (blob) {
      form.set(slot, new File([blob], `${slot}.${extensionOf(blob.type)}`, { type: blob.type }));
    }
  }
  return form;
}

function extensionOf(type: string): string {
  return type === 'image/png' ? 'png' : type === 'image/jp2' ? 'jp2' : 'jpg';
}

export function submitIdentification(fields: KycFields, files: KycUpload) {
  return api.call(identification, {}, { formData: kycFormData(fields, files) });
}

/** One of the user's own KYC images (the route answers with the bytes). */
export function fetchKycFile(id: number, signal: AbortSignal): Promise<Blob> {
  return fetchPrivateFile(fillPath(KYC_FILE_PATH, { id }), signal);
}

// ---- invitations ----

export function fetchInviteInfo(signal: AbortSignal) {
  return api.call(getInviteInfo, {}, { signal });
}

export function fetchInviteLevels(signal: AbortSignal) {
  return api.call(listLevel, {}, { signal });
}

export const COMMISSIONS_PAGE_SIZE = 10;

export function fetchCommissions(page: number, signal: AbortSignal) {
  return api.call(listCommission, { query: { page, pageSize: COMMISSIONS_PAGE_SIZE } }, { signal });
}

// ---- two-factor authentication ----

export function fetchTwoFactor(signal?: AbortSignal) {
  return api.call(getTwoFactor, {}, { signal });
}

export function startTwoFactorSetup() {
  return api.call(setupTwoFactor, { body: {} });
}

export function turnOnTwoFactor(code: string) {
  return api.call(enableTwoFactor, { body: { code } });
}

export function turnOffTwoFactor(code: string) {
  return api.call(disableTwoFactor, { body: { code } });
}

export function newRecoveryCodes(code: string) {
  return api.call(renewRecoveryCodes, { body: { code } });
}

// ---- price alerts ----

export function fetchAlerts(signal?: AbortSignal) {
  return api.call(listAlert, {}, { signal });
}

export function createAlert(body: {
  code: string;
  type: 'above' | 'below' | 'move';
  price?: string;
  percent?: string;
}) {
  return api.call(addAlert, { body });
}

export function removeAlert(id: number) {
  return api.call(deleteAlert, { body: { id } });
}

/** Every instrument, for choosing what an alert watches. */
export function fetchInstruments(signal: AbortSignal) {
  return api.call(listMarketByType, { query: {} }, { signal });
}

// ---- notification preferences ----

export function fetchNotificationPrefs(signal?: AbortSignal) {
  return api.call(getNotificationPrefs, {}, { signal });
}

export function saveNotificationPref(kind: NotificationKind, enabled: boolean) {
  return api.call(setNotificationPref, { body: { kind, enabled } });
}
