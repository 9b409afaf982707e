import { aboutUs, detailPath } from './content-api';
import { text } from '../../../e2e-support/catalogue';
import { expect, isMobileProject, test } from './fixtures';
import { AppPage } from './pages/app.page';

interface RouteCase {
  name: string;
  path: (about: { id: number; title: string }) => string;
  heading: (lang: 'en' | 'ar', about: { title: string }) => string;
  navigation: boolean;
}

const cases: RouteCase[] = [
  {
    name: 'home',
    path: () => '/',
    heading: (lang) => text(lang, 'home', 'title'),
    navigation: true,
  },
  {
    name: 'intro board',
    path: () => '/introduction',
    heading: (lang) => text(lang, 'intro', 'title'),
    navigation: false,
  },
  {
    name: 'help centre',
    path: () => '/help',
    heading: (lang) => text(lang, 'help', 'title'),
    navigation: true,
  },
  {
    name: 'FAQ',
    path: () => '/help/faq',
    heading: (lang) => text(lang, 'help', 'faq.title'),
    navigation: true,
  },
  {
    name: 'notices',
    path: () => '/help/notice',
    heading: (lang) => text(lang, 'help', 'notices.title'),
    navigation: true,
  },
  {
    name: 'content page',
    path: (about) => detailPath(about),
    heading: (_lang, about) => about.title,
    navigation: true,
  },
];

for (const lang of ['en', 'ar'] as const) {
  test.describe(`every registered route in ${lang === 'en' ? 'English' : 'Arabic'}`, () => {
    for (const route of cases) {
      test(`${route.name} renders with the device layout`, async ({ page, request }, testInfo) => {
        const app = new AppPage(page);
        const about = await aboutUs(request, lang);
        const path = route.path(about);
        await app.open(`${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);

        await expect(app.html).toHaveAttribute('lang', lang);
        await expect(app.html).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
        await expect(app.heading).toHaveText(route.heading(lang, about));
        // ?lang= is stored and then dropped from the address.
        expect(new URL(page.url()).searchParams.get('lang')).toBeNull();

        const homeEntry = app.navEntry('home');
        if (!route.navigation) {
          await expect(homeEntry).toHaveCount(0);
          return;
        }
        await expect(homeEntry).toBeVisible();
        await expect(homeEntry).toHaveText(text(lang, 'common', 'nav.home'));
        const box = await homeEntry.boundingBox();
        const viewport = page.viewportSize();
        if (isMobileProject(testInfo.project.name)) {
          // Bottom tab bar with a large touch target.
          expect(box!.y + box!.height).toBeGreaterThan(viewport!.height - 100);
          expect(box!.height).toBeGreaterThanOrEqual(44);
        } else {
          // Top navigation.
          expect(box!.y).toBeLessThan(100);
        }
      });
    }
  });
}

test('the page does not scroll sideways at 320 px, in English and Arabic', async ({ page }) => {
  // Nine full page loads: on a busy CI machine that is more than the default 30 s.
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 320, height: 700 });
  const app = new AppPage(page);
  for (const path of [
    '/?lang=en',
    '/help/faq',
    '/pass/register',
    '/?lang=ar',
    '/help',
    '/help/faq',
    '/pass/register',
    '/pass/login',
    '/trading',
  ]) {
    await app.open(path);
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test('an unknown path goes home', async ({ page }) => {
  const app = new AppPage(page);
  await app.open('/no/such/page?x=1');
  await expect(page).toHaveURL(/\/$/);
  await expect(app.heading).toHaveText(text('en', 'home', 'title'));
});

test('an unknown account path (/profile/nothing) goes home', async ({ page }) => {
  const app = new AppPage(page);
  await app.open('/profile/nothing');
  expect(app.pathname()).toBe('/');
});
