import { z } from 'zod';
import {
  DecimalString,
  envelope,
  IsoDateTime,
  PageQuery,
  pageOf,
  PositiveDecimalString,
} from './common';
import { route } from './route';
import { DecidingTick } from './trading';
import { OrderType } from './trading-spot';

// Contract (U) positions: leveraged long and short, isolated margin, stop loss and take profit.

export const Direction = z.enum(['long', 'short']);
export const ContractState = z.enum(['awaiting', 'open', 'closed', 'cancelled']);
export type ContractState = z.infer<typeof ContractState>;
export const CloseReason = z.enum(['user', 'sl', 'tp', 'liquidation']);
export type CloseReason = z.infer<typeof CloseReason>;

export const ContractOrderBody = z.object({
  code: z.string().regex(/^[A-Z0-9]{2,20}$/),
  direction: Direction,
  lots: PositiveDecimalString,
  leverage: z.number().int().positive().max(1000),
  type: OrderType,
  price: PositiveDecimalString.optional(),
  stopLoss: PositiveDecimalString.optional(),
  takeProfit: PositiveDecimalString.optional(),
});

export const ContractOrder = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  code: z.string(),
  direction: Direction,
  type: OrderType,
  state: ContractState,
  lots: DecimalString,
  leverage: z.number().int(),
  contractSize: DecimalString,
  limitPrice: DecimalString.nullable(),
  openPrice: DecimalString.nullable(),
  closePrice: DecimalString.nullable(),
  margin: DecimalString,
  fee: DecimalString,
  feeRate: DecimalString,
  maintenanceMarginRatio: DecimalString,
  stopLoss: DecimalString.nullable(),
  takeProfit: DecimalString.nullable(),
  liquidationPrice: DecimalString.nullable(),
  /** Realised profit once closed (capped at minus the margin). */
  profit: DecimalString.nullable(),
  closeReason: CloseReason.nullable(),
  openTick: DecidingTick.nullable(),
  closeTick: DecidingTick.nullable(),
  createdAt: IsoDateTime,
  openedAt: IsoDateTime.nullable(),
  closedAt: IsoDateTime.nullable(),
});
export type ContractOrder = z.infer<typeof ContractOrder>;

export const buyU = route({
  method: 'POST',
  path: '/swx/customer/order/buyU',
  body: ContractOrderBody,
  reply: envelope(ContractOrder),
  idempotent: true,
  fieldCodes: { lots: 10016, price: 10016 },
});

export const stopU = route({
  method: 'POST',
  path: '/swx/customer/order/stopU',
  body: z.object({ id: z.number().int().positive() }),
  reply: envelope(ContractOrder),
  idempotent: true,
});

export const listUOrder = route({
  method: 'GET',
  path: '/swx/customer/order/listUOrder',
  query: PageQuery.extend({
    status: z.enum(['awaiting', 'open', 'closed']).default('open'),
    code: z
      .string()
      .regex(/^[A-Z0-9]{2,20}$/)
      .optional(),
  }),
  reply: envelope(pageOf(ContractOrder)),
});
