import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { PARAM_DEFAULTS } from './params.defaults';
import { updateParamValue } from './params.repo';
import { createParamsReader, PARAMS_CHANGED_CHANNEL } from './params.service';
import { systemParams } from './params.tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function newParam(value: string) {
  const key = `test_${randomUUID().slice(0, 8)}`;
  await t.database.db
    .insert(systemParams)
    .values({ key, value, kind: 'text', description: 'test' });
  return key;
}

describe('system parameters', () => {
  it('are seeded with every DOMAIN.md default', async () => {
    const reader = createParamsReader(t.database.db);
    for (const p of PARAM_DEFAULTS) expect(await reader.get(p.key)).toBe(p.value);
  });

  it('are cached and reloaded after the time to live', async () => {
    const time = { now: 0 };
    const reader = createParamsReader(t.database.db, { ttlMs: 1000, clock: () => time.now });
    const key = await newParam('one');
    expect(await reader.get(key)).toBe('one');
    await updateParamValue(t.database.db, key, 'two', null);
    time.now = 999;
    expect(await reader.get(key)).toBe('one');
    time.now = 1000;
    expect(await reader.get(key)).toBe('two');
  });

  it('answer 10018 for an unknown key', async () => {
    await expect(createParamsReader(t.database.db).get('nope_nothing')).rejects.toMatchObject({
      code: 10018,
    });
  });

  it('change on the route at once when an edit is announced on the bus', async () => {
    const key = await newParam('before');
    const url = `/swx/customer/index/getParamByKey/${key}`;
    expect((await t.app.inject(url)).json().result.paramValue).toBe('before');
    await updateParamValue(t.database.db, key, 'after', null);
    await t.bus.publish(PARAMS_CHANGED_CHANNEL, { key });
    const deadline = Date.now() + 2000;
    let value = '';
    while (Date.now() < deadline && value !== 'after') {
      value = (await t.app.inject(url)).json().result.paramValue;
    }
    expect(value).toBe('after');
  });
});
