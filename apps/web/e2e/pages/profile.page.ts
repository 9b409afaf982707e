import type { Locator, Page } from '@playwright/test';

export const PROFILE_API = {
  userInfo: '/swx/customer/user/getUserInfo',
  accountSummary: '/swx/customer/user/accountSummary',
  resetDemo: '/swx/customer/user/resetDemo',
  repassword: '/swx/customer/user/repassword',
  repasswordTx: '/swx/customer/user/repasswordTx',
  sendCode: '/swx/customer/login/sendCode',
  identification: '/swx/customer/user/identification',
  getIdentification: '/swx/customer/user/getIdentification',
  listNotification: '/swx/customer/user/listNotification',
  unreadNotification: '/swx/customer/user/unreadNotification',
  readNotification: '/swx/customer/user/readNotification',
  inviteInfo: '/swx/customer/user/inviteInfo',
};

export const PROFILE_PATHS = {
  home: '/profile',
  info: '/profile/info',
  kyc: '/profile/kyc',
  notifications: '/profile/notification',
  invite: '/profile/invite',
  balance: '/profile/balance',
};

/** A file for `setInputFiles`: a name, its type and its bytes. */
export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export interface KycDetails {
  firstName: string;
  lastName: string;
  sex: 'male' | 'female';
  /** YYYY-MM-DD */
  birthdate: string;
  /** ISO 3166 alpha-2, e.g. GB */
  country: string;
  address: string;
  phone: string;
  documentType: 'id_card' | 'passport' | 'driver_licence';
}

type Slot = 'front' | 'back' | 'hand' | 'signature';

/**
 * The account pages: home (mode, demo reset, KYC state, logout), personal information and
 * settings (passwords), KYC (files or camera), notifications and invitations. Selectors are the
 * pages' test ids and accessible roles, so the model works in every language.
 */
export class ProfilePages {
  readonly main: Locator;
  readonly heading: Locator;
  readonly username: Locator;
  readonly modeCard: Locator;
  readonly demoSwitch: Locator;
  readonly demoDisabled: Locator;
  readonly demoBalances: Locator;
  readonly kycStatus: Locator;
  readonly bell: Locator;
  readonly bellBadge: Locator;
  readonly kycForm: Locator;
  readonly kycFormErrors: Locator;
  readonly notificationList: Locator;
  readonly notifications: Locator;
  readonly inviteCode: Locator;
  readonly inviteLink: Locator;
  readonly inviteQr: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.main = page.locator('main#main');
    this.heading = this.main.getByRole('heading', { level: 1 });
    this.username = page.getByTestId('username');
    this.modeCard = page.getByTestId('account-mode');
    this.demoSwitch = this.modeCard.getByRole('switch');
    this.demoDisabled = page.getByTestId('demo-disabled');
    this.demoBalances = page.getByTestId('demo-balances');
    this.kycStatus = page.getByTestId('kyc-status');
    this.bell = page.getByTestId('notification-bell');
    this.bellBadge = page.getByTestId('notification-badge');
    this.kycForm = page.getByTestId('kyc-form');
    this.kycFormErrors = page.getByTestId('kyc-form-errors');
    this.notificationList = page.getByTestId('notification-list');
    this.notifications = page.locator('[data-notification]');
    this.inviteCode = page.getByTestId('invite-code');
    this.inviteLink = page.getByTestId('invite-link');
    this.inviteQr = page.getByTestId('invite-qr');
    this.dialog = page.getByRole('dialog');
  }

  // ---- account home ----

  /** Opens /profile and waits for the user's card (a logged-out visitor lands on login instead). */
  async openProfile(): Promise<void> {
    await this.page.goto(PROFILE_PATHS.home);
    await this.username.waitFor();
  }

  async open(path: keyof typeof PROFILE_PATHS): Promise<void> {
    await this.page.goto(PROFILE_PATHS[path]);
    await this.heading.first().waitFor();
  }

  /** The mode in force: `real` or `demo` (from the mode card). */
  async mode(): Promise<'real' | 'demo'> {
    return (await this.modeCard.getAttribute('data-mode')) === 'demo' ? 'demo' : 'real';
  }

  /** Switches the account to the given mode with the shared real/demo switch. */
  async switchMode(mode: 'real' | 'demo'): Promise<void> {
    if ((await this.mode()) === mode) return;
    await this.demoSwitch.click();
    await this.modeCard.and(this.page.locator(`[data-mode="${mode}"]`)).waitFor();
  }

  /** Resets the demo balance, confirming in the dialog; resolves with the reset's reply. */
  async resetDemo(): Promise<void> {
    await this.switchMode('demo');
    await this.page.getByTestId('reset-demo').click();
    const replied = this.page.waitForResponse(
      (r) => r.url().includes(PROFILE_API.resetDemo) && r.request().method() === 'POST',
    );
    await this.page.getByTestId('reset-demo-confirm').click();
    await replied;
    await this.dialog.waitFor({ state: 'detached' });
  }

  /** Available demo amount of an asset as displayed (e.g. "100,000.000000 USDT"). */
  demoBalance(asset: string): Locator {
    return this.demoBalances.locator(`[data-asset="${asset}"]`);
  }

  /** Logs out from the account home (or the settings page, if that is open). */
  async logout(): Promise<void> {
    const button = this.page.getByTestId('logout');
    if (!(await button.isVisible())) await this.openProfile();
    await button.click();
    await this.page.waitForURL('**/pass/login**');
  }

  // ---- personal information and settings ----

  async changePassword(oldPassword: string, password: string, confirm = password): Promise<void> {
    await this.open('info');
    await this.page.getByTestId('change-password').click();
    const form = this.page.getByTestId('change-password-form');
    await form.locator('input[name="oldPassword"]').fill(oldPassword);
    await form.locator('input[name="password"]').fill(password);
    await form.locator('input[name="confirmPassword"]').fill(confirm);
    const replied = this.page.waitForResponse((r) => r.url().includes(PROFILE_API.repassword));
    await this.page.getByTestId('change-password-submit').click();
    await replied;
  }

  /**
   * Sets (or changes) the withdrawal password. Presses "send code", then enters `code` — the
   * test reads it from the mail outbox (or a fixture) and passes it in, possibly as a function
   * called after the code was sent.
   */
  async setWithdrawPassword(
    code: string | (() => Promise<string>),
    password: string,
    confirm = password,
  ): Promise<void> {
    await this.open('info');
    await this.page.getByTestId('withdraw-password').click();
    const form = this.page.getByTestId('withdraw-password-form');
    const sent = this.page.waitForResponse((r) => r.url().includes(PROFILE_API.sendCode));
    await form.getByTestId('send-code').click();
    await sent;
    const value = typeof code === 'string' ? code : await code();
    await form.locator('input[name="code"]').fill(value);
    await form.locator('input[name="withdrawPassword"]').fill(password);
    await form.locator('input[name="withdrawPasswordConfirm"]').fill(confirm);
    const replied = this.page.waitForResponse((r) => r.url().includes(PROFILE_API.repasswordTx));
    await this.page.getByTestId('withdraw-password-submit').click();
    await replied;
  }

  // ---- KYC ----

  slot(slot: Slot): Locator {
    return this.kycForm.locator(`[data-slot="${slot}"]`);
  }

  async fillKycDetails(details: KycDetails): Promise<void> {
    const form = this.kycForm;
    await form.locator('input[name="firstName"]').fill(details.firstName);
    await form.locator('input[name="lastName"]').fill(details.lastName);
    await form.locator(`input[name="sex"][value="${details.sex}"]`).check();
    await form.locator('input[name="birthdate"]').fill(details.birthdate);
    await form.locator('select[name="country"]').selectOption(details.country);
    await form.locator('input[name="address"]').fill(details.address);
    await form.locator('input[name="phone"]').fill(details.phone);
    await form.locator(`input[name="documentType"][value="${details.documentType}"]`).check();
  }

  /** Puts a file into a slot through its file input and waits until it is accepted. */
  async uploadFile(slot: Slot, file: UploadFile | string): Promise<void> {
    await this.slot(slot).getByTestId(`file-${slot}`).setInputFiles(file);
    await this.slot(slot).and(this.page.locator('[data-filled="true"]')).waitFor();
  }

  /**
   * Takes a photo with the camera for a slot (Chromium's fake camera in the browser tests:
   * `--use-fake-ui-for-media-stream --use-fake-device-for-media-stream`).
   */
  async capturePhoto(slot: Exclude<Slot, 'signature'>): Promise<void> {
    await this.slot(slot).getByTestId(`camera-${slot}`).click();
    const video = this.page.getByTestId('camera-video');
    await video.waitFor();
    await this.page.waitForFunction(
      () => {
        const v = document.querySelector<HTMLVideoElement>('[data-testid="camera-video"]');
        return v !== null && v.videoWidth > 0;
      },
      undefined,
      { timeout: 15_000 },
    );
    await this.page.getByTestId('camera-capture').click();
    await this.page.getByTestId('camera-use').click();
    await this.slot(slot).and(this.page.locator('[data-filled="true"]')).waitFor();
  }

  /** Draws a short stroke on the signature pad and uses it. */
  async drawSignature(): Promise<void> {
    await this.slot('signature').getByTestId('draw-signature').click();
    const pad = this.page.getByTestId('signature-pad');
    const box = await pad.boundingBox();
    if (!box) throw new Error('signature pad not visible');
    await this.page.mouse.move(box.x + 20, box.y + box.height / 2);
    await this.page.mouse.down();
    for (let i = 1; i <= 10; i += 1) {
      await this.page.mouse.move(box.x + 20 + i * 20, box.y + box.height / 2 + (i % 2 ? -15 : 15));
    }
    await this.page.mouse.up();
    await this.page.getByTestId('signature-use').click();
    await this.slot('signature').and(this.page.locator('[data-filled="true"]')).waitFor();
  }

  private async submitKycForm(): Promise<void> {
    const replied = this.page.waitForResponse((r) => r.url().includes(PROFILE_API.identification));
    await this.page.getByTestId('kyc-submit').click();
    await replied;
  }

  /** Fills the KYC form and submits it with files for each slot (no `back` unless ID card). */
  async submitKycWithFiles(
    details: KycDetails,
    files: Partial<Record<Slot, UploadFile | string>>,
  ): Promise<void> {
    await this.open('kyc');
    await this.kycForm.waitFor();
    await this.fillKycDetails(details);
    for (const [slot, file] of Object.entries(files) as [Slot, UploadFile | string][]) {
      await this.uploadFile(slot, file);
    }
    await this.submitKycForm();
  }

  /** Fills the KYC form, photographs every document slot with the camera, draws the signature. */
  async submitKycWithCamera(details: KycDetails): Promise<void> {
    await this.open('kyc');
    await this.kycForm.waitFor();
    await this.fillKycDetails(details);
    const slots: Exclude<Slot, 'signature'>[] =
      details.documentType === 'id_card' ? ['front', 'back', 'hand'] : ['front', 'hand'];
    for (const slot of slots) await this.capturePhoto(slot);
    await this.drawSignature();
    await this.submitKycForm();
  }

  /** `none` | `pending` | `verified` | `rejected`, from the status card. */
  async kycState(): Promise<string | null> {
    return this.kycStatus.getAttribute('data-status');
  }

  // ---- notifications ----

  async openNotifications(): Promise<void> {
    await this.open('notifications');
    // The list replaces its skeleton when the reply has been rendered, which can come well after
    // the network went quiet (the reply renders as a transition): on one CI run the list was read
    // while the skeleton still stood, and came back empty.
    await this.page
      .locator('main [role="status"][aria-busy="true"]')
      .first()
      .waitFor({ state: 'detached' });
  }

  notification(id: number): Locator {
    return this.page.locator(`[data-notification="${id}"]`);
  }

  /** Titles (and read state) of the listed notifications, newest first. */
  async readNotifications(): Promise<{ id: number; title: string; read: boolean }[]> {
    await this.openNotifications();
    return this.notifications.evaluateAll((items) =>
      items.map((item) => ({
        id: Number(item.getAttribute('data-notification')),
        title: item.querySelector('[data-notification-title]')?.textContent?.trim() ?? '',
        read: item.getAttribute('data-read') === 'true',
      })),
    );
  }

  /** Opens one notification (which marks it read) and returns its full text. */
  async openNotification(id: number): Promise<string> {
    const item = this.notification(id);
    const replied = this.page
      .waitForResponse((r) => r.url().includes(PROFILE_API.readNotification), { timeout: 5_000 })
      .catch(() => null);
    await item.getByRole('button').first().click();
    if ((await item.getAttribute('data-read')) === 'false') await replied;
    return (await item.locator('[id$="-body"]').innerText()).trim();
  }

  async markAllRead(): Promise<void> {
    const replied = this.page.waitForResponse((r) =>
      r.url().includes(PROFILE_API.readNotification),
    );
    await this.page.getByTestId('mark-all-read').click();
    await replied;
  }

  /** The unread count the header bell shows (0 without a badge). */
  async bellCount(): Promise<number> {
    return Number((await this.bell.getAttribute('data-unread')) ?? '0');
  }
}
