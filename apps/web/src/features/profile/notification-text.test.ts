import { NotificationKind } from '@swx/contract';
import { describe, expect, it } from 'vitest';
import profile from '../../../../../packages/i18n/locales/en/profile.json';
import { notificationText } from './notification-text';
import { createProfileI18n } from './test/render-profile';

const LRI = '\u2066';
const FSI = '\u2068';
const PDI = '\u2069';

describe('notification wording', () => {
  it.each<[NotificationKind, Record<string, string>, string, string]>([
    [
      'kyc_approved',
      {},
      'Identity verified',
      'Your identity verification was approved. Loans and coin-to-coin trading are now open to you.',
    ],
    [
      'kyc_rejected',
      { reason: 'The photo is blurred' },
      'Identity verification not passed',
      `Your identity verification was not passed. Reason: ${FSI}The photo is blurred${PDI}. Please correct it and submit again.`,
    ],
    [
      'password_changed',
      {},
      'Login password changed',
      'Your login password was changed and your other devices were signed out. If this was not you, contact support at once.',
    ],
    [
      'withdraw_password_changed',
      {},
      'Withdrawal password changed',
      'Your withdrawal password was set or changed. If this was not you, contact support at once.',
    ],
    [
      'new_device_login',
      { device: 'Chrome on Windows', ip: '203.0.113.7' },
      'New sign-in to your account',
      `Your account was signed in from ${FSI}Chrome on Windows${PDI} (IP address ${LRI}203.0.113.7${PDI}). If this was not you, change your password now.`,
    ],
    [
      'welcome',
      {},
      'Welcome to SWX',
      'Your account is ready. Practise with the demo account, or verify your identity to use every feature.',
    ],
    [
      'price_alert',
      { code: 'BTCUSDT', direction: 'up', price: '68176.9', level: '68176.81' },
      `Price alert: ${LRI}BTCUSDT${PDI}`,
      `${LRI}BTCUSDT${PDI} rose to ${LRI}68176.9${PDI}, reaching your alert level of ${LRI}68176.81${PDI}.`,
    ],
    [
      'price_alert',
      { code: 'BTCUSDT', direction: 'down', price: '68022.13', level: '68040.59' },
      `Price alert: ${LRI}BTCUSDT${PDI}`,
      `${LRI}BTCUSDT${PDI} fell to ${LRI}68022.13${PDI}, reaching your alert level of ${LRI}68040.59${PDI}.`,
    ],
    [
      'position_closed',
      {
        code: 'ETHUSDT',
        closedBy: 'sl',
        price: '3120.5',
        amount: '-12.5',
        asset: 'USDT',
        orderNo: 'U1',
      },
      `Position closed: ${LRI}ETHUSDT${PDI}`,
      `Your ${LRI}ETHUSDT${PDI} position ${LRI}U1${PDI} was closed by its stop loss at ${LRI}3120.5${PDI}. Result: ${LRI}-12.5${PDI} ${FSI}USDT${PDI}.`,
    ],
    [
      'option_settled',
      { code: 'BTCUSDT', result: 'won', amount: '130', asset: 'USDT', orderNo: 'O7' },
      `Option settled: ${LRI}BTCUSDT${PDI}`,
      `Your option ${LRI}O7${PDI} on ${LRI}BTCUSDT${PDI} won: ${LRI}130${PDI} ${FSI}USDT${PDI} was paid to your balance.`,
    ],
    [
      'order_filled',
      { code: 'BTCUSDT', side: 'short', price: '68000', orderNo: 'U9' },
      `Order filled: ${LRI}BTCUSDT${PDI}`,
      `Your limit order ${LRI}U9${PDI} to go short on ${LRI}BTCUSDT${PDI} was filled at ${LRI}68000${PDI}.`,
    ],
  ])('%s', async (kind, params, title, body) => {
    const i18n = await createProfileI18n();
    expect(notificationText({ kind, params }, i18n.t)).toEqual({ title, body });
  });

  it('covers every kind of the contract in the catalogue', () => {
    for (const kind of NotificationKind.options) {
      expect(profile).toHaveProperty([`notification.${kind}.title`]);
      expect(profile).toHaveProperty([`notification.${kind}.body`]);
    }
  });

  it('shows a dash for a missing parameter, never the placeholder', async () => {
    const i18n = await createProfileI18n();
    const { body } = notificationText({ kind: 'new_device_login', params: { ip: ' ' } }, i18n.t);
    expect(body).toBe(
      'Your account was signed in from — (IP address —). If this was not you, change your password now.',
    );
    expect(body).not.toMatch(/[{}]/);
  });
});
