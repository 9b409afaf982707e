import {
  createSmartProduct,
  listAdminSmartProducts,
  updateSmartProduct,
  type AdminSmartProduct,
  type SmartProductInput,
} from '@swx/contract';
import { dec } from '@swx/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StaffActor } from '../../platform/auth';
import { AppError, refuseProblems } from '../../platform/errors';
import { staffActorOf } from '../../platform/http';
import { ok } from '../../platform/reply';
import { recordAudit } from '../audit';
import { insertProduct, selectProduct, selectProducts, updateProduct } from './earn.repo';
import { productProblems } from './earn.rules';
import { toProduct, type EarnDeps } from './earn.service';
import type { SmartProductRow } from './earn.repo';

function toAdmin(row: SmartProductRow): AdminSmartProduct {
  return { ...toProduct(row), enabled: row.enabled, updatedAt: row.updatedAt.toISOString() };
}

/** The stored form: canonical figures, terms by length. */
function columnsOf(input: SmartProductInput) {
  const problems = productProblems(input);
  refuseProblems(problems);
  return {
    name: input.name,
    minAmount: dec(input.minAmount).toFixed(),
    maxAmount: dec(input.maxAmount).toFixed(),
    terms: [...input.terms]
      .sort((a, b) => a.days - b.days)
      .map((t) => ({ days: t.days, dailyYield: dec(t.dailyYield).toFixed() })),
    penaltyRate: dec(input.penaltyRate).toFixed(),
    enabled: input.enabled,
  };
}

/** Creates a product, or changes one (running plans keep their terms); audited in the same transaction. */
export async function saveSmartProduct(
  deps: EarnDeps,
  actor: StaffActor,
  id: number | undefined,
  input: SmartProductInput,
): Promise<AdminSmartProduct> {
  const values = columnsOf(input);
  return deps.db.transaction(async (tx) => {
    const before = id === undefined ? undefined : await selectProduct(tx, id);
    if (id !== undefined && !before) throw new AppError(10101);
    const after =
      id === undefined ? await insertProduct(tx, values) : await updateProduct(tx, id, values);
    if (!after) throw new AppError(10101);
    await recordAudit(tx, {
      ...actor,
      action: id === undefined ? 'earn.product.create' : 'earn.product.update',
      target: `smart:${after.id}`,
      detail: { from: before ? toAdmin(before) : null, to: toAdmin(after) },
    });
    return toAdmin(after);
  });
}

/** Smart-plan products in the back office (admin). */
export function earnAdminRoutes(deps: EarnDeps): FastifyPluginAsyncZod {
  const config = { auth: 'staff' as const, roles: ['admin' as const] };
  const tags = ['admin'];
  return async (app) => {
    app.get(
      listAdminSmartProducts.path,
      { config, schema: { tags, response: { 200: listAdminSmartProducts.reply } } },
      async (request) => ok(request, (await selectProducts(deps.db, false)).map(toAdmin)),
    );
    app.post(
      createSmartProduct.path,
      {
        config,
        schema: {
          tags,
          body: createSmartProduct.body,
          response: { 200: createSmartProduct.reply },
        },
      },
      async (request) =>
        ok(request, await saveSmartProduct(deps, staffActorOf(request), undefined, request.body)),
    );
    app.post(
      updateSmartProduct.path,
      {
        config,
        schema: {
          tags,
          params: updateSmartProduct.params,
          body: updateSmartProduct.body,
          response: { 200: updateSmartProduct.reply },
        },
      },
      async (request) =>
        ok(
          request,
          await saveSmartProduct(deps, staffActorOf(request), request.params.id, request.body),
        ),
    );
  };
}
