import {
  listAdminOptionsProducts,
  updateOptionsProduct,
  type AdminOptionsProduct,
  type OptionsPeriodInput,
} from '@swx/contract';
import { dec } from '@swx/money';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StaffActor } from '../../platform/auth';
import { AppError, refuseProblems } from '../../platform/errors';
import { staffActorOf } from '../../platform/http';
import { ok } from '../../platform/reply';
import { recordAudit } from '../audit';
import type { TradingDeps } from '../triggers';
import { selectProducts, updateProduct, type OptionsProductRow } from './options.repo';
import { periodProblems } from './options.rules';
import { optionsProducts } from './options.tables';

function toAdmin(row: OptionsProductRow): AdminOptionsProduct {
  return {
    id: row.id,
    code: row.code,
    enabled: row.enabled,
    periods: row.periods.map((p) => ({ ...p })),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Canonical figures (no trailing zeros), periods by length: what customers see. */
function canonical(periods: readonly OptionsPeriodInput[]) {
  return [...periods]
    .sort((a, b) => a.seconds - b.seconds)
    .map((p) => ({
      seconds: p.seconds,
      payoutRate: dec(p.payoutRate).toFixed(),
      minAmount: dec(p.minAmount).toFixed(),
      maxAmount: dec(p.maxAmount).toFixed(),
    }));
}

/**
 * Changes a product's periods or whether it is offered; running options keep the terms stored on
 * them. The before and after go to the audit log in the same transaction.
 */
export async function updateOptionsProductForStaff(
  deps: TradingDeps,
  actor: StaffActor,
  id: number,
  input: { enabled?: boolean | undefined; periods?: OptionsPeriodInput[] | undefined },
): Promise<AdminOptionsProduct> {
  // Problems name the rows as sent; the stored list is sorted by length.
  const problems = input.periods === undefined ? [] : periodProblems(input.periods);
  const periods = input.periods === undefined ? undefined : canonical(input.periods);
  refuseProblems(problems);
  return deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(optionsProducts)
      .where(eq(optionsProducts.id, id))
      .for('update');
    if (!before) throw new AppError(10101);
    const after = await updateProduct(tx, id, { enabled: input.enabled, periods });
    if (!after) throw new AppError(10101);
    await recordAudit(tx, {
      ...actor,
      action: 'options.product.update',
      target: `options:${after.code}`,
      detail: {
        ...(input.enabled === undefined
          ? {}
          : { enabled: { from: before.enabled, to: after.enabled } }),
        ...(periods === undefined ? {} : { periods: { from: before.periods, to: after.periods } }),
      },
    });
    return toAdmin(after);
  });
}

/** The options section of the back office (admin). */
export function optionsAdminRoutes(deps: TradingDeps): FastifyPluginAsyncZod {
  const config = { auth: 'staff' as const, roles: ['admin' as const] };
  const tags = ['admin'];
  return async (app) => {
    app.get(
      listAdminOptionsProducts.path,
      { config, schema: { tags, response: { 200: listAdminOptionsProducts.reply } } },
      async (request) => ok(request, (await selectProducts(deps.db)).map(toAdmin)),
    );
    app.post(
      updateOptionsProduct.path,
      {
        config,
        schema: {
          tags,
          params: updateOptionsProduct.params,
          body: updateOptionsProduct.body,
          response: { 200: updateOptionsProduct.reply },
        },
      },
      async (request) =>
        ok(
          request,
          await updateOptionsProductForStaff(
            deps,
            staffActorOf(request),
            request.params.id,
            request.body,
          ),
          20005,
        ),
    );
  };
}
