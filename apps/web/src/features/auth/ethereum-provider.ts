/**
 * The browser wallet as EIP-1193 describes it (`window.ethereum`), reduced to the three calls
 * Sign-In with Ethereum needs: the account, the chain, and personal_sign. Nothing here can send
 * a transaction or grant an approval.
 */

export interface Eip1193Provider {
  request(args: { method: string; params?: readonly unknown[] }): Promise<unknown>;
}

export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { request?: unknown }).request === 'function'
  );
}

/** The injected provider of a wallet extension or a wallet app's browser, if there is one. */
export function injectedProvider(): Eip1193Provider | null {
  if (typeof window === 'undefined') return null;
  const candidate: unknown = (window as { ethereum?: unknown }).ethereum;
  return isEip1193Provider(candidate) ? candidate : null;
}

/** personal_sign takes the message as hex-encoded UTF-8 bytes. */
export function toHexUtf8(text: string): string {
  let hex = '0x';
  for (const byte of new TextEncoder().encode(text)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export async function requestAccount(provider: Eip1193Provider): Promise<string> {
  const accounts = await provider.request({ method: 'eth_requestAccounts' });
  const first: unknown = Array.isArray(accounts) ? accounts[0] : undefined;
  if (typeof first !== 'string' || !ADDRESS.test(first)) throw new WalletReplyError();
  return first;
}

export async function requestChainId(provider: Eip1193Provider): Promise<number> {
  const raw = await provider.request({ method: 'eth_chainId' });
  const id =
    typeof raw === 'string' && /^0x[0-9a-fA-F]+$/.test(raw)
      ? Number.parseInt(raw, 16)
      : typeof raw === 'number'
        ? raw
        : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new WalletReplyError();
  return id;
}

export async function signMessage(
  provider: Eip1193Provider,
  message: string,
  address: string,
): Promise<string> {
  const signature = await provider.request({
    method: 'personal_sign',
    params: [toHexUtf8(message), address],
  });
  if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(signature)) {
    throw new WalletReplyError();
  }
  return signature;
}

/** The wallet answered with something that is not what EIP-1193 promises. */
export class WalletReplyError extends Error {
  constructor() {
    super('unexpected wallet reply');
    this.name = 'WalletReplyError';
  }
}

export type WalletProblem = 'rejected' | 'pending' | 'unauthorized' | 'disconnected' | 'failed';

/**
 * EIP-1193 error codes as the page explains them: 4001 the user said no, -32002 a request is
 * already waiting in the wallet, 4100 not authorised, 4900/4901 not connected to a chain.
 */
export function walletProblemOf(error: unknown): WalletProblem | null {
  if (typeof error !== 'object' || error === null) return null;
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 4001:
      return 'rejected';
    case -32002:
      return 'pending';
    case 4100:
      return 'unauthorized';
    case 4900:
    case 4901:
      return 'disconnected';
    default:
      return error instanceof WalletReplyError || typeof code === 'number' ? 'failed' : null;
  }
}
