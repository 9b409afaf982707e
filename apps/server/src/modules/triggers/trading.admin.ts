import { listStaffOrders, revokeInstrumentOrders } from '@swx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { staffActorOf } from '../../platform/http';
import { ok } from '../../platform/reply';
import { recordAudit } from '../audit';
import { selectInstrument } from '../markets';
import type { TradingDeps, TradingModule } from './trading-module';

export type Usernames = (
  db: Executor,
  ids: readonly number[],
) => Promise<ReadonlyMap<number, string>>;

/**
 * The trading part of the back office shared by the products: every order read-only with its
 * ticks (admin, finance, support), and revoking a disabled instrument's waiting orders (admin).
 */
export function tradingAdminRoutes(
  deps: TradingDeps,
  modules: readonly TradingModule[],
  usernamesOf: Usernames,
): FastifyPluginAsyncZod {
  const tags = ['admin'];
  return async (app) => {
    app.get(
      listStaffOrders.path,
      {
        config: { auth: 'staff', roles: ['finance', 'support'] },
        schema: {
          tags,
          querystring: listStaffOrders.query,
          response: { 200: listStaffOrders.reply },
        },
      },
      async (request) => {
        const { product, page, pageSize } = request.query;
        const module = modules.find((m) => m.product === product);
        if (!module) throw new AppError(10101);
        const { list, total } = await module.staffOrders(request.query);
        const names = await usernamesOf(deps.db, [...new Set(list.map((o) => o.userId))]);
        const named = list.map((o) => ({ ...o, username: names.get(o.userId) ?? '' }));
        return ok(request, { list: named, total, page, pageSize });
      },
    );
    app.post(
      revokeInstrumentOrders.path,
      {
        config: { auth: 'staff', roles: ['admin'] },
        schema: {
          tags,
          params: revokeInstrumentOrders.params,
          response: { 200: revokeInstrumentOrders.reply },
        },
      },
      async (request) => {
        const instrument = await selectInstrument(deps.db, request.params.id);
        if (!instrument) throw new AppError(10101);
        if (instrument.enabled) throw new AppError(10136);
        const counts = { spot: 0, contract: 0 };
        for (const m of modules) {
          if (!m.revokeWaiting) continue;
          const n = await m.revokeWaiting(instrument.code);
          if (m.product === 'spot' || m.product === 'contract') counts[m.product] += n;
        }
        await deps.db.transaction((tx) =>
          recordAudit(tx, {
            ...staffActorOf(request),
            action: 'instrument.revoke',
            target: `instrument:${instrument.code}`,
            detail: counts,
          }),
        );
        return ok(request, { code: instrument.code, ...counts });
      },
    );
  };
}
