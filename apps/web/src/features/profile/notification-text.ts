import type { Notification, NotificationKind } from '@swx/contract';
import type { TFunction } from 'i18next';

/** The parameters each kind's message uses; a missing one shows as a dash, never as "{ip}". */
const PARAMS: Record<NotificationKind, readonly string[]> = {
  kyc_approved: [],
  kyc_rejected: ['reason'],
  password_changed: [],
  withdraw_password_changed: [],
  new_device_login: ['device', 'ip'],
  welcome: [],
  deposit_approved: ['amount', 'coin', 'orderNo'],
  deposit_rejected: ['amount', 'coin', 'reason'],
  withdrawal_approved: ['amount', 'coin', 'actual'],
  withdrawal_rejected: ['amount', 'coin', 'reason'],
  loan_approved: ['amount', 'asset', 'loanNo'],
  loan_rejected: ['amount', 'asset', 'loanNo', 'reason'],
  loan_repaid: ['amount', 'asset', 'loanNo'],
  loan_overdue: ['amount', 'asset', 'loanNo'],
  loan_due_soon: ['amount', 'asset', 'loanNo', 'due'],
  nft_outbid: ['amount', 'asset', 'name'],
  nft_won: ['amount', 'asset', 'name'],
  price_alert: ['code', 'price', 'level', 'direction'],
  order_filled: ['code', 'side', 'price', 'orderNo'],
  position_closed: ['code', 'closedBy', 'price', 'amount', 'asset', 'orderNo'],
  option_settled: ['code', 'result', 'amount', 'asset', 'orderNo'],
  plan_earning: ['name', 'amount', 'asset', 'day', 'days'],
  plan_ended: ['name', 'amount', 'asset'],
  invite_commission: ['amount', 'asset', 'day'],
  support_reply: [],
};

/** Parameters that pick a wording (ICU select): passed as they are, never isolated. */
const SELECT_PARAMS = new Set(['direction', 'side', 'closedBy', 'result']);

/** Parameters that are codes or addresses stay left to right inside right-to-left text. */
const LTR_PARAMS = new Set([
  'ip',
  'amount',
  'actual',
  'orderNo',
  'loanNo',
  'code',
  'price',
  'level',
  'due',
]);

const LRI = '\u2066';
const FSI = '\u2068';
const PDI = '\u2069';

/**
 * A notification in the reader's language, from its kind and parameters (the server stores no
 * text). Values are isolated so an IP address or an English device name cannot reorder an Arabic
 * sentence.
 */
export function notificationText(
  notification: Pick<Notification, 'kind' | 'params'>,
  t: TFunction,
): { title: string; body: string } {
  const values: Record<string, string> = {};
  for (const name of PARAMS[notification.kind]) {
    const raw = notification.params[name]?.trim();
    if (SELECT_PARAMS.has(name)) values[name] = raw ?? 'other';
    else values[name] = raw ? `${LTR_PARAMS.has(name) ? LRI : FSI}${raw}${PDI}` : '—';
  }
  return {
    title: t(`profile:notification.${notification.kind}.title`, values),
    body: t(`profile:notification.${notification.kind}.body`, values),
  };
}
