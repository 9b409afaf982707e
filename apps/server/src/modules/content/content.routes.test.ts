import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { staffHeaders } from '../../../test/support/staff-session';

let t: TestApp;
let support: Record<string, string>;
let kyc: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  support = (await staffHeaders(t.database, ['support'])).headers;
  kyc = (await staffHeaders(t.database, ['kyc'])).headers;
});
afterAll(() => t.close());

const get = (url: string, lang = 'en') => t.app.inject({ url, headers: { lang } });
const post = (url: string, payload: unknown, headers = support) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

async function createItem(input: Record<string, unknown>) {
  const res = await post('/swx/admin/contents', {
    slug: `t-${randomUUID().slice(0, 8)}`,
    ...input,
  });
  expect(res.statusCode).toBe(200);
  return res.json().result as { id: number; slug: string };
}

describe('seeded content', () => {
  it('lists the footer pages of each type in the caller language', async () => {
    const company = (await get('/swx/customer/index/listContents/1')).json().result;
    expect(company.map((p: { slug: string }) => p.slug)).toEqual(
      expect.arrayContaining(['about-us', 'licence-supervision']),
    );
    const statements = (await get('/swx/customer/index/listContents/3')).json().result;
    expect(statements.map((p: { slug: string }) => p.slug)).toEqual(
      expect.arrayContaining([
        'legal',
        'disclaimer',
        'risk-warning',
        'cookie-policy',
        'advertising',
      ]),
    );
    const policy = (await get('/swx/customer/index/listContents/2')).json().result;
    expect(policy.map((p: { slug: string }) => p.slug)).toEqual(
      expect.arrayContaining(['terms', 'privacy']),
    );
    expect((await get('/swx/customer/index/listContents/4')).statusCode).toBe(400);
  });

  it('serves a page with sanitised HTML and its language', async () => {
    const [about] = (await get('/swx/customer/index/listContents/1')).json().result;
    const res = await get(`/swx/customer/index/getContentsById/${about.id}`);
    expect(res.statusCode).toBe(200);
    const page = res.json().result;
    expect(page).toMatchObject({ id: about.id, kind: 'page', type: 1, locale: 'en' });
    expect(page.body).toContain('<p>');
    expect(page.body).not.toMatch(/<script|onerror|style=/i);
  });

  it('groups FAQ entries by category and searches them', async () => {
    const all = (await get('/swx/customer/index/listFaq')).json().result as {
      category: string;
      items: unknown[];
    }[];
    expect(all.map((g) => g.category)).toEqual([
      'account',
      'security',
      'funding',
      'trading',
      'earn_loans',
      'demo',
    ]);
    const found = (await get('/swx/customer/index/listFaq?q=withdrawal%20password')).json()
      .result as { items: { title: string }[] }[];
    expect(found.flatMap((g) => g.items).length).toBeGreaterThan(0);
    expect((await get('/swx/customer/index/listFaq?q=zzqqxx-nothing')).json().result).toEqual([]);
  });

  it('lists notices newest first with a plain-text summary, paginated', async () => {
    const res = (await get('/swx/customer/index/listNotices?page=1&pageSize=2')).json().result;
    expect(res.total).toBeGreaterThanOrEqual(3);
    expect(res.list).toHaveLength(2);
    expect(Date.parse(res.list[0].publishedAt)).toBeGreaterThanOrEqual(
      Date.parse(res.list[1].publishedAt),
    );
    expect(res.list[0].summary).not.toContain('<');
  });
});

describe('languages', () => {
  it('serves the caller language and falls back to English for an untranslated item', async () => {
    const item = await createItem({
      kind: 'page',
      type: 3,
      title: 'Fallback test',
      body: '<p>English body</p>',
    });
    await post(`/swx/admin/contents/${item.id}`, { status: 'published' });
    await post(`/swx/admin/contents/${item.id}/translations/ja`, {
      title: 'テスト',
      body: '<p>日本語の本文</p>',
    });
    const ja = (await get(`/swx/customer/index/getContentsById/${item.id}`, 'ja')).json().result;
    expect(ja).toMatchObject({ title: 'テスト', locale: 'ja', body: '<p>日本語の本文</p>' });
    const ko = (await get(`/swx/customer/index/getContentsById/${item.id}`, 'ko')).json().result;
    expect(ko).toMatchObject({ title: 'Fallback test', locale: 'en' });
  });
});

describe('content management', () => {
  it('hides drafts from customers until published', async () => {
    const item = await createItem({
      kind: 'notice',
      title: 'Draft notice',
      body: '<p>Not yet</p>',
    });
    expect((await get(`/swx/customer/index/getContentsById/${item.id}`)).statusCode).toBe(404);
    const published = await post(`/swx/admin/contents/${item.id}`, { status: 'published' });
    expect(published.json().result).toMatchObject({
      status: 'published',
      publishedAt: expect.any(String),
    });
    expect((await get(`/swx/customer/index/getContentsById/${item.id}`)).statusCode).toBe(200);
  });

  it('sanitises bodies: scripts, handlers, styles and unsafe links are removed', async () => {
    const item = await createItem({ kind: 'page', type: 2, title: 'Sanitise', body: '<p>ok</p>' });
    const res = await post(`/swx/admin/contents/${item.id}/translations/en`, {
      title: 'Sanitise',
      body: '<h2 style="color:red" onclick="x()">Title</h2><script>alert(1)</script><p>Hi <a href="javascript:alert(1)">bad</a> <a href="https://example.org">good</a> <img src=x onerror=alert(1)></p>',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json().result.body as string;
    expect(body).toBe(
      '<h2>Title</h2><p>Hi <a>bad</a> <a href="https://example.org" rel="noopener noreferrer nofollow" target="_blank">good</a> </p>',
    );
  });

  it('refuses a duplicate slug, a shape that does not fit the kind, and a bad locale', async () => {
    const item = await createItem({ kind: 'faq', category: 'demo', title: 'Q?', body: '<p>A</p>' });
    expect(
      (
        await post('/swx/admin/contents', {
          slug: item.slug,
          kind: 'faq',
          category: 'demo',
          title: 'Q2',
          body: 'x',
        })
      ).json().code,
    ).toBe(10117);
    expect(
      (
        await post('/swx/admin/contents', {
          slug: 'no-type-page',
          kind: 'page',
          title: 'x',
          body: 'x',
        })
      ).json().code,
    ).toBe(10100);
    expect((await post(`/swx/admin/contents/${item.id}`, { type: 1 })).json().code).toBe(10100);
    expect(
      (await post(`/swx/admin/contents/${item.id}/translations/xx`, { title: 'x', body: 'x' }))
        .statusCode,
    ).toBe(400);
  });

  it('is for admin and support only, and needs a staff session', async () => {
    expect((await t.app.inject({ url: '/swx/admin/contents', headers: kyc })).json().code).toBe(
      10108,
    );
    expect((await t.app.inject({ url: '/swx/admin/contents' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/swx/admin/contents', headers: support })).statusCode).toBe(
      200,
    );
  });

  it('writes every change to the audit log', async () => {
    const item = await createItem({ kind: 'notice', title: 'Audited', body: '<p>a</p>' });
    await post(`/swx/admin/contents/${item.id}/translations/fr`, {
      title: 'Audité',
      body: '<p>b</p>',
    });
    const admin = (await staffHeaders(t.database, ['admin'])).headers;
    const log = (await t.app.inject({ url: '/swx/admin/audit?pageSize=50', headers: admin })).json()
      .result;
    const targets = log.list.map(
      (e: { action: string; target: string }) => `${e.action} ${e.target}`,
    );
    expect(targets).toContain(`content.create content:${item.id}`);
    expect(targets).toContain(`content.translation.save content:${item.id}:fr`);
  });
});
