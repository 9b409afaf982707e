import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { RouteLatency } from './route-latency';

/** Prometheus metrics at /metrics: process defaults, HTTP latency by route, open sockets. */
export function installMetrics(app: FastifyInstance, gauges: { sockets: () => number }): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new RouteLatency();
  registry.registerMetric(duration.asMetric());
  const errors = new Counter({
    name: 'http_errors_total',
    help: 'Replies with status 500 or above',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'websocket_connections',
    help: 'Open WebSocket connections on this node',
    registers: [registry],
    collect() {
      this.set(gauges.sockets());
    },
  });

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = `${Math.floor(reply.statusCode / 100)}xx`;
    duration.observe(request.method, route, status, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) errors.inc({ route });
    done();
  });

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
  return registry;
}
