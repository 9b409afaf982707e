import type { Metric } from 'prom-client';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5] as const;

type Labels = { method: string; route: string; status: string };

/** What prom-client's registry reads from a metric to write it out (its own metrics' shape). */
interface Exposition {
  name: string;
  help: string;
  type: 'histogram';
  aggregator: 'sum';
  values: { metricName: string; labels: Record<string, string | number>; value: number }[];
}

interface Series {
  labels: Labels;
  /** Observations per bucket (not cumulative); the last one is +Inf. */
  counts: number[];
  sum: number;
  count: number;
}

/**
 * `http_request_duration_seconds`, a Prometheus histogram of every reply by method, route and
 * status class, in prom-client's registry and exposition. prom-client's own Histogram checks,
 * sorts and hashes the labels of every observation: in A/B runs of a cached read (getParamByKey,
 * 50 connections) the hook cost about 13 % of the throughput with it and about 6 % with this one,
 * where an observation is one map lookup and a few additions and the labels are written out only
 * when /metrics is read (runs vary by about 5 %).
 */
export class RouteLatency {
  readonly name = 'http_request_duration_seconds';
  readonly help = 'HTTP request duration by route and status class';
  readonly type = 'histogram' as const;
  readonly aggregator = 'sum' as const;
  private readonly series = new Map<string, Series>();

  observe(method: string, route: string, status: string, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.series.get(key);
    if (!series) {
      series = {
        labels: { method, route, status },
        counts: BUCKETS.map(() => 0),
        sum: 0,
        count: 0,
      };
      series.counts.push(0);
      this.series.set(key, series);
    }
    let bucket = 0;
    while (bucket < BUCKETS.length && seconds > (BUCKETS[bucket] ?? Infinity)) bucket++;
    series.counts[bucket] = (series.counts[bucket] ?? 0) + 1;
    series.sum += seconds;
    series.count += 1;
  }

  get(): Promise<Exposition> {
    const values: Exposition['values'] = [];
    for (const { labels, counts, sum, count } of this.series.values()) {
      let below = 0;
      for (const [i, n] of counts.entries()) {
        below += n;
        values.push({
          metricName: `${this.name}_bucket`,
          labels: { ...labels, le: i < BUCKETS.length ? (BUCKETS[i] ?? 0) : '+Inf' },
          value: below,
        });
      }
      values.push({ metricName: `${this.name}_sum`, labels, value: sum });
      values.push({ metricName: `${this.name}_count`, labels, value: count });
    }
    return Promise.resolve({
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: this.aggregator,
      values,
    });
  }

  reset(): void {
    this.series.clear();
  }

  /** The registry keeps metrics of its own kinds; this one answers the same calls. */
  asMetric(): Metric {
    return this as unknown as Metric;
  }
}
