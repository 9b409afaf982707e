import type { APIRequestContext } from '@playwright/test';
import { API } from './pages/app.page';

interface Summary {
  id: number;
  slug: string;
  title: string;
}

/** Published pages of one footer type, as the server lists them in `lang`. */
export async function listPages(
  request: APIRequestContext,
  type: 1 | 2 | 3,
  lang = 'en',
): Promise<Summary[]> {
  const response = await request.get(API.listContents(type), { headers: { lang } });
  const body = (await response.json()) as { code: number; result: Summary[] };
  if (body.code !== 200) throw new Error(`listContents/${type} answered ${body.code}`);
  return body.result;
}

export async function getContent(request: APIRequestContext, id: number, lang = 'en') {
  const response = await request.get(API.content(id), { headers: { lang } });
  const body = (await response.json()) as {
    code: number;
    result: { title: string; locale: string; body: string };
  };
  if (body.code !== 200) throw new Error(`getContentsById/${id} answered ${body.code}`);
  return body.result;
}

export async function aboutUs(request: APIRequestContext, lang = 'en'): Promise<Summary> {
  const pages = await listPages(request, 1, lang);
  const page = pages.find((p) => p.slug === 'about-us');
  if (!page) throw new Error('the seed has no about-us page');
  return page;
}

export function detailPath(page: { id: number; title: string }, extra = ''): string {
  return `/detail?${new URLSearchParams({ id: String(page.id), title: page.title }).toString()}${extra}`;
}
