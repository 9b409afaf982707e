/** DOMAIN.md's system parameters with their defaults. Staff edit values; kinds validate edits. */
export const PARAM_DEFAULTS = [
  {
    key: 'down_url',
    value: '',
    kind: 'url',
    description: 'Android app download address shown on the home page (empty hides the link)',
  },
  {
    key: 'demo_grant',
    value: '100000',
    kind: 'decimal',
    description: 'USDT credited to a new demo account and restored by a demo reset',
  },
  {
    key: 'spot_fee_rate',
    value: '0.002',
    kind: 'decimal',
    description: 'Spot (coin-to-coin) fee, share of turnover',
  },
  {
    key: 'contract_fee_rate',
    value: '0.001',
    kind: 'decimal',
    description: 'Contract order fee, share of notional',
  },
  {
    key: 'maintenance_margin_ratio',
    value: '0.2',
    kind: 'decimal',
    description: 'Liquidation when margin + unrealised PnL falls to this share of margin',
  },
  {
    key: 'convert_fee_rate',
    value: '0.001',
    kind: 'decimal',
    description: 'Convert (dh) fee, share of the amount converted',
  },
  {
    key: 'earn_early_exit_penalty_rate',
    value: '0.05',
    kind: 'decimal',
    description: 'Smart plan early-exit penalty, share of principal',
  },
  {
    key: 'loan_free_days',
    value: '3',
    kind: 'integer',
    description: 'Interest-free days at the start of a loan',
  },
  {
    key: 'loan_overdue_penalty_rate',
    value: '0.005',
    kind: 'decimal',
    description: 'Loan liquidated damages per overdue day, share of the amount due',
  },
  {
    key: 'withdraw_fee_rate',
    value: '0.01',
    kind: 'decimal',
    description: 'Withdrawal fee, share of the amount',
  },
  {
    key: 'withdraw_four_eyes_usdt',
    value: '10000',
    kind: 'decimal',
    description: 'Withdrawals worth more than this (USDT) need a second finance approval',
  },
  {
    key: 'withdraw_address_hold_hours',
    value: '24',
    kind: 'integer',
    description: 'Hours before a newly saved withdrawal address can receive withdrawals',
  },
  {
    key: 'support_mail_delay_seconds',
    value: '120',
    kind: 'integer',
    description: 'Seconds a support answer stays unread before it is mailed to the customer',
  },
  { key: 'deposit_min_usdt', value: '120', kind: 'decimal', description: 'Minimum USDT deposit' },
  { key: 'deposit_min_btc', value: '0.015', kind: 'decimal', description: 'Minimum BTC deposit' },
  { key: 'deposit_min_eth', value: '0.2', kind: 'decimal', description: 'Minimum ETH deposit' },
  {
    key: 'invite_level0_rate',
    value: '0.1',
    kind: 'decimal',
    description: "Invitation level 0: share of friends' trading fees paid to the inviter daily",
  },
  {
    key: 'invite_level1_friends',
    value: '5',
    kind: 'integer',
    description: 'Invitation level 1: funded-and-traded friends needed',
  },
  {
    key: 'invite_level1_rate',
    value: '0.15',
    kind: 'decimal',
    description: "Invitation level 1: share of friends' trading fees paid to the inviter daily",
  },
  {
    key: 'invite_level2_friends',
    value: '20',
    kind: 'integer',
    description: 'Invitation level 2: funded-and-traded friends needed',
  },
  {
    key: 'invite_level2_rate',
    value: '0.2',
    kind: 'decimal',
    description: "Invitation level 2: share of friends' trading fees paid to the inviter daily",
  },
  {
    key: 'invite_level3_friends',
    value: '50',
    kind: 'integer',
    description: 'Invitation level 3: funded-and-traded friends needed',
  },
  {
    key: 'invite_level3_rate',
    value: '0.3',
    kind: 'decimal',
    description: "Invitation level 3: share of friends' trading fees paid to the inviter daily",
  },
] as const satisfies readonly {
  key: string;
  value: string;
  kind: 'decimal' | 'integer' | 'url' | 'text';
  description: string;
}[];
