import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { selectAllParams } from './params.repo';

/** Bus channel on which a parameter edit tells every node to drop its cached values. */
export const PARAMS_CHANGED_CHANNEL = 'params.changed';

export interface ParamsReader {
  /** The value of a parameter; 10018 when there is no such parameter. */
  get(key: string): Promise<string>;
  /** Forget cached values (after an edit on any node). */
  invalidate(): void;
}

/**
 * Parameters are read on hot paths (every home page asks for down_url) and change rarely, so all
 * of them are cached together and reloaded at most every `ttlMs`, or at once after an edit.
 */
export function createParamsReader(
  db: Executor,
  options: { ttlMs?: number; clock?: () => number } = {},
): ParamsReader {
  const ttlMs = options.ttlMs ?? 5_000;
  const clock = options.clock ?? Date.now;
  let values: Map<string, string> | undefined;
  let loadedAt = 0;
  let loading: Promise<Map<string, string>> | undefined;
  let generation = 0;

  const load = () => {
    const started = generation;
    loading ??= selectAllParams(db)
      .then((rows) => {
        const fresh = new Map(rows.map((r) => [r.key, r.value]));
        // An invalidation while loading means this result may predate the edit: don't keep it.
        if (started === generation) {
          values = fresh;
          loadedAt = clock();
        }
        return fresh;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };

  return {
    async get(key) {
      const current = values && clock() - loadedAt < ttlMs ? values : await load();
      const value = current.get(key);
      if (value === undefined) throw new AppError(10018);
      return value;
    },
    invalidate() {
      generation++;
      values = undefined;
    },
  };
}
