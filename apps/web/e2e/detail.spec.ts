import { aboutUs, detailPath, getContent, listPages } from './content-api';
import { text } from '../../../e2e-support/catalogue';
import { expect, test } from './fixtures';
import { AppPage } from './pages/app.page';
import { HelpPages } from './pages/help.page';

test.describe('content page', () => {
  test('a policy page in Japanese (/detail?id=&title=&lang=ja)', async ({ page, request }) => {
    const [terms] = await listPages(request, 2, 'ja');
    const content = await getContent(request, terms!.id, 'ja');
    const app = new AppPage(page);
    const help = new HelpPages(page);

    await app.open(detailPath(terms!, '&lang=ja'));

    await expect(app.html).toHaveAttribute('lang', 'ja');
    await expect(app.heading).toHaveText(content.title);
    await expect(help.prose).toBeVisible();
    await expect(help.prose).toHaveAttribute('lang', content.locale);
    // The date line and the back link are in Japanese too.
    await expect(page.getByText(text('ja', 'help', 'detail.updated'))).toBeVisible();
    await expect(
      app.main.getByRole('link', { name: text('ja', 'help', 'backToHelp') }),
    ).toBeVisible();
    if (content.locale === 'ja') await expect(help.untranslatedNote).toHaveCount(0);
    else await expect(help.untranslatedNote).toBeVisible();
  });

  test('shows the title from the link while the page loads', async ({ page, request }) => {
    const about = await aboutUs(request);
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route(`**/getContentsById/${about.id}`, async (route) => {
      await held;
      await route.continue();
    });
    const app = new AppPage(page);
    await page.goto(detailPath({ id: about.id, title: 'Title from the link' }));
    await expect(app.heading).toHaveText('Title from the link');
    release();
    await expect(app.heading).toHaveText(about.title);
  });

  test('a page not yet translated says it is shown in English', async ({ page, request }) => {
    const about = await aboutUs(request);
    await page.route(`**/getContentsById/${about.id}`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { result: { locale: string } };
      body.result.locale = 'en';
      await route.fulfill({ response, json: body });
    });
    const app = new AppPage(page);
    const help = new HelpPages(page);
    await app.open(detailPath(about, '&lang=de'));
    await expect(help.untranslatedNote).toHaveText(
      text('de', 'help', 'detail.shownInOtherLanguage').replace(
        '{language}',
        text('de', 'common', 'language.en'),
      ),
    );
    await expect(help.prose).toHaveAttribute('lang', 'en');
  });

  test.describe('not found', () => {
    // Chromium logs the deliberate 404 of the API as a console error.
    test.use({ allowedConsoleErrors: [/status of 404/] });

    test('an unknown id shows a friendly message and a way to the help centre', async ({
      page,
    }) => {
      const app = new AppPage(page);
      await app.open('/detail?id=999999&title=Gone');
      await expect(app.heading).toHaveText(text('en', 'help', 'detail.notFoundTitle'));
      await page.getByRole('link', { name: text('en', 'help', 'detail.toHelpCentre') }).click();
      await expect(app.heading).toHaveText(text('en', 'help', 'title'));
    });
  });

  test('a missing id is not found either', async ({ page }) => {
    const app = new AppPage(page);
    await app.open('/detail?title=Nothing');
    await expect(app.heading).toHaveText(text('en', 'help', 'detail.notFoundTitle'));
  });
});
