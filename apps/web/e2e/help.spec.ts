import { text } from '../../../e2e-support/catalogue';
import { expect, test } from './fixtures';
import { AppPage } from './pages/app.page';
import { HelpPages } from './pages/help.page';

test.describe('help centre', () => {
  test('lists the six FAQ categories and the latest notices', async ({ page }) => {
    const app = new AppPage(page);
    const help = new HelpPages(page);
    await app.open('/help');
    await expect(help.categoryCards).toHaveCount(6);
    await expect(help.categoryCards.first()).toContainText(
      text('en', 'help', 'categories.account'),
    );
    await expect(help.notices.first()).toBeVisible();
  });

  test('a category card opens the FAQ narrowed to that category', async ({ page }) => {
    const app = new AppPage(page);
    const help = new HelpPages(page);
    await app.open('/help');
    await help.categoryCards.filter({ hasText: text('en', 'help', 'categories.security') }).click();
    await expect(page).toHaveURL(/\/help\/faq\?category=security$/);
    await expect(help.faqGroups).toHaveCount(1);
    await expect(help.faqGroups.first()).toHaveAttribute('data-faq-group', 'security');
  });

  test('the search box submits to the FAQ', async ({ page }) => {
    const app = new AppPage(page);
    const help = new HelpPages(page);
    await app.open('/help');
    await help.searchBox.fill('deposit');
    await help.searchBox.press('Enter');
    await expect(page).toHaveURL(/\/help\/faq\?q=deposit$/);
    await expect(help.faqQuestion('How do I deposit crypto?')).toBeVisible();
  });
});

test.describe('FAQ', () => {
  test('search finds an entry, which opens to its answer', async ({ page }) => {
    const app = new AppPage(page);
    const help = new HelpPages(page);
    await app.open('/help/faq');
    await expect(help.faqItems.first()).toBeVisible();
    const all = await help.faqItems.count();

    const searched = page.waitForResponse((r) => r.url().includes('listFaq?q=withdrawal'));
    await help.searchBox.fill('withdrawal');
    await searched;
    await expect.poll(() => help.faqItems.count()).toBeLessThan(all);
    await expect(page).toHaveURL(/q=withdrawal/);

    const question = help.faqQuestion('How do withdrawals work, and what do they cost?');
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(help.faqItems.filter({ has: question }).locator('.prose-content')).toContainText(
      /withdraw/i,
    );
  });

  test('nonsense shows a friendly empty state with a way back', async ({ page }) => {
    const app = new AppPage(page);
    const help = new HelpPages(page);
    await app.open('/help/faq');
    await help.searchBox.fill('qwzxqzyx');
    const empty = page.getByRole('heading', { name: 'No answers for “qwzxqzyx”' });
    await expect(empty).toBeVisible();
    await expect(help.faqItems).toHaveCount(0);
    await page.getByRole('button', { name: text('en', 'help', 'faq.clearSearch') }).click();
    await expect(help.faqItems.first()).toBeVisible();
    await expect(help.searchBox).toHaveValue('');
  });

  test('category chips filter the list', async ({ page }) => {
    const app = new AppPage(page);
    const help = new HelpPages(page);
    await app.open('/help/faq');
    await expect(help.faqGroups).toHaveCount(6);
    await page
      .getByRole('button', { name: text('en', 'help', 'categories.demo'), exact: true })
      .click();
    await expect(help.faqGroups).toHaveCount(1);
    await expect(page).toHaveURL(/category=demo/);
    await page.getByRole('button', { name: text('en', 'help', 'faq.allCategories') }).click();
    await expect(help.faqGroups).toHaveCount(6);
  });
});

test.describe('notices', () => {
  test('lists notices newest first, each opening its content page', async ({ page }) => {
    const app = new AppPage(page);
    const help = new HelpPages(page);
    await app.open('/help/notice');
    await expect(help.notices.first()).toBeVisible();
    const dates = await page
      .locator('[data-notice] time')
      .evaluateAll((times) => times.map((t) => t.getAttribute('datetime') ?? ''));
    expect(dates.length).toBeGreaterThan(0);
    expect([...dates].sort().reverse()).toEqual(dates);

    const title = (await help.notices.first().locator('span').first().textContent()) ?? '';
    await help.notices.first().click();
    await expect(page).toHaveURL(/\/detail\?id=\d+&title=/);
    await expect(app.heading).toHaveText(title);
    await expect(help.prose).toBeVisible();
  });
});
