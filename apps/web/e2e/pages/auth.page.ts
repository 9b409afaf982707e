import type { Locator, Page, Response } from '@playwright/test';

export const AUTH_API = {
  methods: '/swx/customer/login/methods',
  check: '/swx/customer/login/checkUserNameOrPhone',
  sendCode: '/swx/customer/login/sendCode',
  register: '/swx/customer/login/register',
  login: '/swx/customer/login/login',
  loginByGoogle: '/swx/customer/login/loginByGoogle',
  dappNonce: '/swx/customer/login/dappNonce',
  loginByDapp: '/swx/customer/login/loginByDapp',
  repassword: '/swx/customer/user/repassword',
};

export const AUTH_PATHS = {
  login: '/pass/login',
  register: '/pass/register',
  reset: '/pass/reset',
  wallet: '/pass/wallet',
  googleCallback: '/api/loginCallback/google',
};

export type AuthForm = 'login' | 'register' | 'reset' | 'two-factor';
export type Channel = 'email' | 'phone';

/**
 * The verification code: the code itself, or a function that fetches it once the page has sent
 * it (a spec reading the server's outbox).
 */
export type CodeSource = string | ((address: string) => Promise<string>);

export interface EmailRegistration {
  username: string;
  email: string;
  password: string;
  inviteCode?: string;
}

export interface PhoneRegistration {
  username: string;
  /** ISO 3166 country of the calling code, e.g. "CN" for +86. */
  country: string;
  /** Its calling code without "+", e.g. "86" (the outbox files the code under "+86<number>"). */
  dialCode: string;
  /** The national number, without the calling code. */
  phone: string;
  password: string;
  inviteCode?: string;
}

/** What the register and login replies carry (enough for the specs). */
export interface SignInReply {
  code: number;
  msg: string;
  result: { token: string; user: { id: number; username: string } } | null;
}

/**
 * The sign-in pages: login, register, password reset (and the wallet and Google entry points).
 * Selectors are the pages' stable names and data attributes, not their texts, so the model works
 * in every language.
 */
export class AuthPages {
  readonly googleButton: Locator;
  readonly walletLink: Locator;
  readonly areaCodeDialog: Locator;
  readonly walletSafetyNote: Locator;
  readonly noWalletPanel: Locator;
  readonly googleProblem: Locator;

  constructor(readonly page: Page) {
    this.googleButton = page.locator('[data-google-sign-in]');
    this.walletLink = page.locator('[data-wallet-sign-in]');
    this.areaCodeDialog = page.getByRole('dialog');
    this.walletSafetyNote = page.locator('[data-wallet-safety]');
    this.noWalletPanel = page.locator('[data-no-wallet]');
    this.googleProblem = page.locator('[data-google-problem]');
  }

  // ---- pages ----

  async openLogin(query = ''): Promise<void> {
    await this.page.goto(`${AUTH_PATHS.login}${query}`);
    await this.form('login').waitFor();
  }

  async openRegister(query = ''): Promise<void> {
    await this.page.goto(`${AUTH_PATHS.register}${query}`);
    await this.form('register').waitFor();
  }

  async openReset(): Promise<void> {
    await this.page.goto(AUTH_PATHS.reset);
    await this.form('reset').waitFor();
  }

  // ---- parts of a form ----

  form(kind: AuthForm): Locator {
    return this.page.locator(`form[data-auth-form="${kind}"]`);
  }

  /** An input by its name: account, email, phone, username, password, confirmPassword, code, inviteCode. */
  field(kind: AuthForm, name: string): Locator {
    return this.form(kind).locator(`input[name="${name}"]`);
  }

  tab(kind: AuthForm, channel: Channel): Locator {
    return this.form(kind)
      .getByRole('tab')
      .filter({ has: this.page.locator(`[data-channel="${channel}"]`) });
  }

  areaCodeButton(kind: AuthForm): Locator {
    return this.form(kind).locator('[data-area-code-picker]');
  }

  sendCodeButton(kind: AuthForm): Locator {
    return this.form(kind).locator('[data-send-code]');
  }

  submitButton(kind: AuthForm): Locator {
    return this.form(kind).locator('button[type="submit"]');
  }

  /** The server's message about the whole form (above the submit button). */
  formAlert(kind: AuthForm): Locator {
    return this.form(kind).locator('[role="alert"]').last();
  }

  /** The inline message of a field (named by its aria-describedby), or null when it has none. */
  async fieldError(kind: AuthForm, name: string): Promise<Locator | null> {
    const control = name === 'areaCode' ? this.areaCodeButton(kind) : this.field(kind, name);
    const ids = ((await control.getAttribute('aria-describedby')) ?? '').split(/\s+/);
    const errorId = ids.find((id) => id.includes('-error'));
    return errorId ? this.page.locator(`[id="${errorId}"]`) : null;
  }

  // ---- steps ----

  async chooseChannel(kind: AuthForm, channel: Channel): Promise<void> {
    await this.tab(kind, channel).click();
  }

  /** Picks a calling code in the searchable list, by country (searching for its ISO code). */
  async chooseAreaCode(kind: AuthForm, country: string, search = country): Promise<void> {
    await this.areaCodeButton(kind).click();
    await this.areaCodeDialog.locator('input[type="search"]').fill(search);
    await this.areaCodeDialog.locator(`[data-country="${country}"]`).click();
    await this.areaCodeDialog.waitFor({ state: 'detached' });
  }

  /** Presses "Send code" and waits for the server's answer. */
  async sendCode(kind: AuthForm): Promise<{ code: number; result: unknown }> {
    const reply = this.page.waitForResponse((r) => r.url().includes(AUTH_API.sendCode));
    await this.sendCodeButton(kind).click();
    return (await (await reply).json()) as { code: number; result: unknown };
  }

  private async enterCode(kind: AuthForm, code: CodeSource, address: string): Promise<void> {
    const sent = await this.sendCode(kind);
    if (sent.code !== 200) throw new Error(`sendCode answered ${sent.code}`);
    await this.field(kind, 'code').fill(typeof code === 'string' ? code : await code(address));
  }

  private async submitAndWait(kind: AuthForm, apiPath: string): Promise<Response> {
    const reply = this.page.waitForResponse((r) => r.url().includes(apiPath));
    await this.submitButton(kind).click();
    return reply;
  }

  /** Registers by email; resolves with the register reply (the page then leaves for /profile). */
  async registerByEmail(account: EmailRegistration, code: CodeSource): Promise<SignInReply> {
    await this.chooseChannel('register', 'email');
    await this.field('register', 'email').fill(account.email);
    await this.fillRegistrationFields(account);
    await this.enterCode('register', code, account.email);
    const reply = await this.submitAndWait('register', AUTH_API.register);
    return (await reply.json()) as SignInReply;
  }

  /** Registers by mobile number with its calling code; `code` gets "+<dial><number>". */
  async registerByPhone(account: PhoneRegistration, code: CodeSource): Promise<SignInReply> {
    await this.chooseChannel('register', 'phone');
    await this.chooseAreaCode('register', account.country);
    await this.field('register', 'phone').fill(account.phone);
    await this.fillRegistrationFields(account);
    await this.enterCode('register', code, `+${account.dialCode}${account.phone}`);
    const reply = await this.submitAndWait('register', AUTH_API.register);
    return (await reply.json()) as SignInReply;
  }

  private async fillRegistrationFields(account: {
    username: string;
    password: string;
    inviteCode?: string;
  }): Promise<void> {
    await this.field('register', 'username').fill(account.username);
    await this.field('register', 'password').fill(account.password);
    await this.field('register', 'confirmPassword').fill(account.password);
    if (account.inviteCode !== undefined) {
      await this.field('register', 'inviteCode').fill(account.inviteCode);
    }
  }

  /** Logs in with a username or an email; resolves with the login reply. */
  async login(account: string, password: string): Promise<SignInReply> {
    await this.chooseChannel('login', 'email');
    await this.field('login', 'account').fill(account);
    await this.field('login', 'password').fill(password);
    const reply = await this.submitAndWait('login', AUTH_API.login);
    return (await reply.json()) as SignInReply;
  }

  /** Logs in with a mobile number and its calling code. */
  async loginByPhone(country: string, phone: string, password: string): Promise<SignInReply> {
    await this.chooseChannel('login', 'phone');
    await this.chooseAreaCode('login', country);
    await this.field('login', 'phone').fill(phone);
    await this.field('login', 'password').fill(password);
    const reply = await this.submitAndWait('login', AUTH_API.login);
    return (await reply.json()) as SignInReply;
  }

  /** Resets the password through a code sent to the email; the page then goes to /pass/login. */
  async resetByEmail(email: string, newPassword: string, code: CodeSource): Promise<Response> {
    await this.chooseChannel('reset', 'email');
    await this.field('reset', 'email').fill(email);
    await this.enterCode('reset', code, email);
    return this.finishReset(newPassword);
  }

  /** Resets the password through a code sent by SMS. */
  async resetByPhone(
    country: string,
    dialCode: string,
    phone: string,
    newPassword: string,
    code: CodeSource,
  ): Promise<Response> {
    await this.chooseChannel('reset', 'phone');
    await this.chooseAreaCode('reset', country);
    await this.field('reset', 'phone').fill(phone);
    await this.enterCode('reset', code, `+${dialCode}${phone}`);
    return this.finishReset(newPassword);
  }

  private async finishReset(newPassword: string): Promise<Response> {
    await this.field('reset', 'password').fill(newPassword);
    await this.field('reset', 'confirmPassword').fill(newPassword);
    return this.submitAndWait('reset', AUTH_API.repassword);
  }

  /** The stored session token, or null when logged out. */
  token(): Promise<string | null> {
    return this.page.evaluate(() => localStorage.getItem('swx.token'));
  }
}
