import { dec } from '@swx/money';
import type { DepositRow } from './funding.repo';
import type { ChainFacts } from './funding.tables';

/** keccak256("Transfer(address,address,uint256)"): the ERC-20 transfer event. */
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const TIMEOUT_MS = 5_000;

export interface ChainConfig {
  /** Ethereum JSON-RPC; undefined when the chain cannot be asked. */
  ethRpcUrl: string | undefined;
  usdtContract: string;
}

/** Whether a deposit's network can be asked (only Ethereum today, when an RPC is configured). */
export function chainCheckable(config: ChainConfig, network: string): boolean {
  return network === 'ERC20' && config.ethRpcUrl !== undefined;
}

interface Receipt {
  status?: string;
  blockNumber?: string;
  to?: string | null;
  logs?: { address: string; topics: string[]; data: string }[];
}
interface Transaction {
  to?: string | null;
  value?: string;
  blockNumber?: string | null;
}

async function rpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`${method}: HTTP ${response.status}`);
  const body = (await response.json()) as { result?: T; error?: { message?: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message ?? 'error'}`);
  return body.result as T;
}

/** A big hexadecimal integer scaled down by `decimals`, exactly (no floating point). */
export function fromUnits(hex: string, decimals: number): string {
  const units = BigInt(hex === '0x' ? '0x0' : hex);
  return dec(units.toString())
    .div(dec(10n ** BigInt(decimals)))
    .toFixed();
}

const topicAddress = (topic: string | undefined) =>
  topic ? `0x${topic.slice(-40)}`.toLowerCase() : undefined;

/**
 * What the chain says about a deposit's transaction, by read calls only (the receipt, the
 * transaction and the latest block): who it paid, in which token, how much, how many
 * confirmations, and whether the recipient is the platform's address. ETH is the transaction's
 * value; USDT is the token contract's Transfer event. A failure is reported as facts, not thrown:
 * the review goes on, with the staff member told the chain could not be asked.
 */
export async function chainFacts(
  config: ChainConfig,
  deposit: Pick<DepositRow, 'coin' | 'network' | 'txHash' | 'address'>,
  now: Date,
): Promise<ChainFacts> {
  const checkedAt = now.toISOString();
  const url = config.ethRpcUrl;
  if (!url || deposit.network !== 'ERC20') {
    return { checkedAt, found: false, error: 'no RPC endpoint for this network' };
  }
  try {
    const [receipt, tx, head] = await Promise.all([
      rpc<Receipt | null>(url, 'eth_getTransactionReceipt', [deposit.txHash]),
      rpc<Transaction | null>(url, 'eth_getTransactionByHash', [deposit.txHash]),
      rpc<string>(url, 'eth_blockNumber', []),
    ]);
    if (!receipt || !tx || !receipt.blockNumber) return { checkedAt, found: false };
    const confirmations = Number(BigInt(head) - BigInt(receipt.blockNumber) + 1n);
    const failed = receipt.status === '0x0';
    let to: string | undefined;
    let amount: string | undefined;
    let token: string | undefined;
    if (deposit.coin === 'ETH') {
      token = 'ETH';
      to = tx.to?.toLowerCase();
      amount = fromUnits(tx.value ?? '0x0', 18);
    } else {
      const contract = config.usdtContract.toLowerCase();
      const platform = deposit.address.toLowerCase();
      const transfers = (receipt.logs ?? []).filter(
        (log) => log.address.toLowerCase() === contract && log.topics[0] === TRANSFER_TOPIC,
      );
      // The transfer to the platform if there is one, else the first (staff see where it went).
      const transfer =
        transfers.find((log) => topicAddress(log.topics[2]) === platform) ?? transfers[0];
      if (transfer) {
        token = 'USDT';
        to = topicAddress(transfer.topics[2]);
        amount = fromUnits(transfer.data, 6);
      }
    }
    return {
      checkedAt,
      found: true,
      ...(to ? { to } : {}),
      ...(token ? { token } : {}),
      ...(amount ? { amount } : {}),
      confirmations,
      paysPlatform: !failed && to === deposit.address.toLowerCase(),
      ...(failed ? { error: 'the transaction failed on chain' } : {}),
    };
  } catch (error) {
    return {
      checkedAt,
      found: false,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}
