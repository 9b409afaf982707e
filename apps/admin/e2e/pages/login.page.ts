import { expect, type Locator, type Page } from '@playwright/test';
import { totpCode } from '../../../../e2e-support/totp';

/** /admin/login: password, then authenticator enrolment (first time) or an authenticator code. */
export class LoginPage {
  readonly heading: Locator;
  readonly username: Locator;
  readonly password: Locator;
  readonly continueButton: Locator;
  readonly enrolHeading: Locator;
  readonly qrImage: Locator;
  readonly secret: Locator;
  readonly code: Locator;
  readonly verifyButton: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Staff sign-in' });
    this.username = page.getByLabel('Username');
    this.password = page.getByLabel('Password', { exact: true });
    this.continueButton = page.getByRole('button', { name: 'Continue' });
    this.enrolHeading = page.getByRole('heading', { level: 1, name: 'Set up your authenticator' });
    this.qrImage = page.getByRole('img', { name: /QR code/ });
    this.secret = page.getByTestId('totp-secret');
    this.code = page.getByLabel('Authenticator code');
    this.verifyButton = page.getByRole('button', { name: 'Verify and sign in' });
    this.error = page.getByRole('alert');
  }

  async open() {
    await this.page.goto('/admin/login');
    await expect(this.heading).toBeVisible();
  }

  async submitPassword(username: string, password: string) {
    await this.username.fill(username);
    await this.password.fill(password);
    await this.continueButton.click();
  }

  /** First sign-in: reads the setup key off the page, as a person would type it into an app. */
  async enrol(): Promise<string> {
    await expect(this.enrolHeading).toBeVisible();
    await expect(this.qrImage).toBeVisible();
    const secret = (await this.secret.innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await this.code.fill(totpCode(secret));
    await this.verifyButton.click();
    return secret;
  }

  async verify(secret: string) {
    await expect(
      this.page.getByRole('heading', { level: 1, name: 'Authenticator code' }),
    ).toBeVisible();
    await this.code.fill(totpCode(secret));
    await this.verifyButton.click();
  }
}
