import { z } from 'zod';

// A user's statuses and languages, apart from account.ts: the support and back-office contracts use
// them too, and importing them from there built every account schema wherever those load (the
// header's support link on every signed-in page).

export const KycStatus = z.enum(['none', 'pending', 'verified', 'rejected']);
export type KycStatus = z.infer<typeof KycStatus>;

export const UserStatus = z.enum(['active', 'disabled']);
export type UserStatus = z.infer<typeof UserStatus>;

export const UserLocale = z.enum([
  'en',
  'ja',
  'ko',
  'de',
  'fr',
  'it',
  'es',
  'pt',
  'ar',
  'zh-TW',
  'zh-CN',
]);
export type UserLocale = z.infer<typeof UserLocale>;
