import { z } from 'zod';
import { IsoDateTime, PageQuery, envelope, pageOf } from './common';
import { route } from './route';

// The notification inbox and its preferences (/swx/customer/user/*Notification*).

/**
 * Kinds that security and money reviews send whatever the preferences say: sign-ins and
 * passwords, identity, deposits, withdrawals and loans.
 */
export const ALWAYS_SENT_KINDS = [
  'kyc_approved',
  'kyc_rejected',
  'password_changed',
  'withdraw_password_changed',
  'new_device_login',
  'welcome',
  'deposit_approved',
  'deposit_rejected',
  'withdrawal_approved',
  'withdrawal_rejected',
  'loan_approved',
  'loan_rejected',
  'loan_repaid',
  'loan_overdue',
  'loan_due_soon',
] as const;

/** Every kind; those after the always-sent ones may be turned off per customer. */
export const NotificationKind = z.enum([
  ...ALWAYS_SENT_KINDS,
  'nft_outbid',
  'nft_won',
  'price_alert',
  'order_filled',
  'position_closed',
  'option_settled',
  'plan_earning',
  'plan_ended',
  'invite_commission',
  'support_reply',
]);
export type NotificationKind = z.infer<typeof NotificationKind>;

export const NotificationPref = z.object({
  kind: NotificationKind,
  enabled: z.boolean(),
  /** Security and money notifications cannot be turned off. */
  locked: z.boolean(),
});

/** Which notifications the customer receives, per kind. */
export const getNotificationPrefs = route({
  method: 'GET',
  path: '/swx/customer/user/notificationPrefs',
  reply: envelope(z.array(NotificationPref)),
});

/** Turns one kind on or off; 10164 for a kind that is always sent. */
export const setNotificationPref = route({
  method: 'POST',
  path: '/swx/customer/user/notificationPrefs',
  body: z.object({ kind: NotificationKind, enabled: z.boolean() }),
  reply: envelope(z.array(NotificationPref)),
});

/** Stored as a kind with parameters; the app words it in the reader's language. */
export const Notification = z.object({
  id: z.number().int(),
  kind: NotificationKind,
  params: z.record(z.string(), z.string()),
  read: z.boolean(),
  createdAt: IsoDateTime,
});
export type Notification = z.infer<typeof Notification>;

export const listNotification = route({
  method: 'GET',
  path: '/swx/customer/user/listNotification',
  query: PageQuery,
  reply: envelope(pageOf(Notification).extend({ unread: z.number().int().nonnegative() })),
});

export const unreadNotification = route({
  method: 'GET',
  path: '/swx/customer/user/unreadNotification',
  reply: envelope(z.object({ unread: z.number().int().nonnegative() })),
});

/** Marks the given notifications read, or all of them when `ids` is absent. */
export const readNotification = route({
  method: 'POST',
  path: '/swx/customer/user/readNotification',
  body: z.object({ ids: z.array(z.number().int().positive()).max(100).optional() }),
  reply: envelope(z.object({ unread: z.number().int().nonnegative() })),
});
