import type { FastifyInstance } from 'fastify';
import { publishStaffEvent, publishUserEvent, type SocketHub } from '../../platform/socket-hub';
import type { OwnedOrder, TradingModule } from '../triggers';
import { supportAdminRoutes } from './support.admin.routes';
import { selectConversation, selectConversationOfUser } from './support.repo';
import { supportRoutes } from './support.routes';
import { supportEvent, type ContextOrder, type SupportDeps } from './support.service';

/** An order of any product as support's context shows it. */
function contextOrder(owned: OwnedOrder): ContextOrder {
  const order = owned.order as { id: number; createdAt: string; code?: string; state?: string };
  const convert =
    owned.product === 'convert' ? (owned.order as { from: string; to: string }) : null;
  return {
    product: owned.product,
    id: order.id,
    code: order.code ?? (convert ? `${convert.from}/${convert.to}` : ''),
    state: order.state ?? 'done',
    createdAt: order.createdAt,
  };
}

/** The last `n` orders of a customer across the trading products, newest first. */
export function lastOrdersOf(trading: readonly TradingModule[], n = 5) {
  return async (userId: number): Promise<ContextOrder[]> => {
    const pages = await Promise.all(
      trading.map((m) => m.staffOrders({ userId, page: 1, pageSize: n })),
    );
    return pages
      .flatMap((p) => p.list.map(contextOrder))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .slice(0, n);
  };
}

/** Online support: its routes, and the typing indicator on the socket both ways. */
export async function startSupport(
  app: FastifyInstance,
  deps: SupportDeps,
  hub: SocketHub,
): Promise<void> {
  hub.onTyping((sender, on, conversationId) => {
    const relay = async () => {
      if (sender.kind === 'user') {
        const conv = await selectConversationOfUser(deps.db, sender.id);
        if (!conv) return;
        const event = supportEvent({ kind: 'typing', conversationId: conv.id, by: 'customer', on });
        await publishStaffEvent(deps.bus, 'support', event);
        return;
      }
      if (conversationId === undefined) return;
      const conv = await selectConversation(deps.db, conversationId);
      if (conv?.userId == null) return;
      const event = supportEvent({ kind: 'typing', conversationId: conv.id, by: 'staff', on });
      await publishUserEvent(deps.bus, conv.userId, 'support', event);
      await publishStaffEvent(deps.bus, 'support', event);
    };
    relay().catch((error: unknown) => app.log.warn({ err: error }, 'support typing relay failed'));
  });
  await app.register(supportRoutes(deps));
  await app.register(supportAdminRoutes(deps));
}
