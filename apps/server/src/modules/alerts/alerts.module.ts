import type { FastifyInstance } from 'fastify';
import { alertsRoutes } from './alerts.routes';
import { DOWN_KIND, UP_KIND } from './alerts.rules';
import { activeAlertLevels, fireAlerts, type AlertDeps } from './alerts.service';

/** Price alerts: their routes, and their levels in the trigger engine (before it starts). */
export async function startAlerts(app: FastifyInstance, deps: AlertDeps): Promise<void> {
  deps.triggers.register({
    kinds: [UP_KIND, DOWN_KIND],
    load: () => activeAlertLevels(deps),
    fire: (hits, tick) => fireAlerts(deps, hits, tick),
  });
  await app.register(alertsRoutes(deps));
}
