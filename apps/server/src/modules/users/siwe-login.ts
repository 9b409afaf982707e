import { FetchRequest, getAddress, JsonRpcProvider, Network, verifyMessage } from 'ethers';
import { SiweMessage } from 'siwe';
import { AppError } from '../../platform/errors';

/**
 * Wallet login is a Sign-In with Ethereum (EIP-4361) message and nothing else (integrity rule 6):
 * this module builds the text to sign and checks the signature. It never builds a transaction, an
 * approval or a permit, and it only reads from the chain (ERC-1271 `isValidSignature`).
 */

/** Shown by the wallet above the message: one line, in the characters EIP-4361 allows. */
export const SIWE_STATEMENT =
  'Sign in by proving that you own this address. This is not a transaction: it sends nothing, ' +
  'approves nothing and costs nothing.';

// A wallet's clock and ours may differ a little; a message dated further ahead was not made by us.
const ISSUED_AT_SKEW_MS = 60_000;
// Longest signature accepted: a 65-byte ECDSA signature, or a contract wallet's (e.g. a multisig's
// concatenated owner signatures). Bounds the work done on, and sent to the RPC for, junk input.
const MAX_SIGNATURE_BYTES = 4_096;
const MAX_MESSAGE_LENGTH = 4_096;
// An RPC that does not answer must not hold a login request open.
const DEFAULT_RPC_TIMEOUT_MS = 10_000;

export interface SiweMessageInput {
  /** The host the user sees in the browser (RFC 3986 authority), e.g. `app.example.com`. */
  domain: string;
  /** The page or API that asks for the signature, e.g. `https://app.example.com/login`. */
  uri: string;
  address: string;
  chainId: number;
  /** At least 8 alphanumeric characters, issued and stored by the caller. */
  nonce: string;
  issuedAt: Date;
  expirationTime: Date;
  statement?: string;
}

/** The EIP-4361 text for the wallet to sign (`personal_sign`); AppError(10121) on a bad address. */
export function buildSiweMessage(input: SiweMessageInput): string {
  if (!(input.expirationTime.getTime() > input.issuedAt.getTime())) {
    throw new TypeError('expirationTime must be after issuedAt');
  }
  let address: string;
  try {
    // The grammar demands the EIP-55 spelling; wallets often send lower case.
    address = getAddress(input.address);
  } catch {
    throw new AppError(10121);
  }
  return new SiweMessage({
    domain: input.domain,
    address,
    statement: input.statement ?? SIWE_STATEMENT,
    uri: input.uri,
    version: '1',
    chainId: input.chainId,
    nonce: input.nonce,
    issuedAt: input.issuedAt.toISOString(),
    expirationTime: input.expirationTime.toISOString(),
  }).prepareMessage();
}

export interface SiweLoginInput {
  message: string;
  signature: string;
  /** The domain this server serves; a message for any other site is refused (anti-phishing). */
  expectedDomain: string;
  expectedUri?: string;
  now: Date;
  /** JSON-RPC endpoint of the chain whose contract wallets (ERC-1271) may sign in. */
  rpcUrl?: string;
  rpcTimeoutMs?: number;
}

export interface SiweLogin {
  /** EIP-55 checksummed. */
  address: string;
  /** For the caller to match against the nonce it issued, and to consume. */
  nonce: string;
  chainId: number;
}

/**
 * Checks a signed EIP-4361 message. Every failure is AppError(10121). Replay protection is the
 * caller's: it must check that `nonce` is one it issued for this login and consume it.
 */
export async function verifySiweLogin(input: SiweLoginInput): Promise<SiweLogin> {
  try {
    return await verify(input);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(10121);
  }
}

async function verify(input: SiweLoginInput): Promise<SiweLogin> {
  const { message, signature, now } = input;
  if (typeof message !== 'string' || message.length > MAX_MESSAGE_LENGTH) throw fail();
  if (!isSignatureHex(signature)) throw fail();

  let parsed: SiweMessage;
  try {
    parsed = new SiweMessage(message);
  } catch {
    throw fail();
  }
  // siwe checks the signature against its own re-serialisation of the parsed fields, not against
  // the text it was given (so a contract wallet would be asked about a text other than the one
  // presented): only the canonical text, the one buildSiweMessage makes, is taken.
  if (parsed.prepareMessage() !== message) throw fail();

  if (parsed.domain !== input.expectedDomain) throw fail();
  if (input.expectedUri !== undefined && parsed.uri !== input.expectedUri) throw fail();

  const nowMs = now.getTime();
  if (!Number.isFinite(nowMs)) throw fail();
  // A message without an expiry would be a login token valid forever.
  const expiresAt = timeOf(parsed.expirationTime);
  if (expiresAt === null || nowMs >= expiresAt) throw fail();
  if (parsed.notBefore !== undefined) {
    const notBefore = timeOf(parsed.notBefore);
    if (notBefore === null || nowMs < notBefore) throw fail();
  }
  const issuedAt = timeOf(parsed.issuedAt);
  if (issuedAt === null || issuedAt > nowMs + ISSUED_AT_SKEW_MS) throw fail();

  // An ordinary account (EOA) needs no chain access. Anything else can only be a contract wallet,
  // and only the configured chain can vouch for it.
  const isOwnKey = recoverSigner(message, signature) === parsed.address;
  if (!isOwnKey && input.rpcUrl === undefined) throw fail();

  const provider = isOwnKey
    ? undefined
    : contractWalletProvider(input.rpcUrl ?? '', parsed.chainId, input.rpcTimeoutMs);
  try {
    const result = await withDeadline(async () => {
      if (provider) {
        // The same address can be a different contract (other owners) on another chain: the
        // message's chain must be the one the RPC reads.
        const rpcChainId: unknown = await provider.send('eth_chainId', []);
        if (typeof rpcChainId !== 'string' || BigInt(rpcChainId) !== BigInt(parsed.chainId)) {
          throw fail();
        }
      }
      return parsed.verify(
        { signature, domain: input.expectedDomain, time: now.toISOString() },
        { suppressExceptions: true, ...(provider ? { provider } : {}) },
      );
    }, input.rpcTimeoutMs ?? DEFAULT_RPC_TIMEOUT_MS);
    if (!result.success) throw fail();
  } finally {
    // Cancels queued requests and stops ethers' timers, so nothing outlives the login request.
    provider?.destroy();
  }

  return { address: parsed.address, nonce: parsed.nonce, chainId: parsed.chainId };
}

function fail(): AppError {
  return new AppError(10121);
}

function isSignatureHex(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= 2 + 2 * MAX_SIGNATURE_BYTES &&
    /^0x(?:[0-9a-fA-F]{2})+$/.test(value)
  );
}

function timeOf(iso: string | undefined): number | null {
  if (iso === undefined) return null;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : null;
}

function recoverSigner(message: string, signature: string): string | null {
  try {
    return verifyMessage(message, signature);
  } catch {
    return null;
  }
}

function contractWalletProvider(
  rpcUrl: string,
  chainId: number,
  timeoutMs = DEFAULT_RPC_TIMEOUT_MS,
): JsonRpcProvider {
  const request = new FetchRequest(rpcUrl);
  request.timeout = timeoutMs;
  // A static network skips ethers' start-up detection, which retries forever while the RPC is
  // down; the chain is checked explicitly instead. One request per HTTP call keeps errors simple.
  const provider = new JsonRpcProvider(request, undefined, {
    staticNetwork: Network.from(chainId),
    batchMaxCount: 1,
  });
  // CCIP-read would let a contract make this server fetch URLs of its choosing.
  provider.disableCcipRead = true;
  return provider;
}

async function withDeadline<T>(run: () => Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(fail()), ms);
  });
  try {
    return await Promise.race([run(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
