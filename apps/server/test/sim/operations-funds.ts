/**
 * The money-in, money-out and earn operations of the whole-system simulation: deposits and
 * withdrawals with the finance desk's decisions, smart plans, loans with their decisions and
 * repayments, and NFT auctions. The queues of what staff must still decide live here.
 */
import { multipart } from '../support/multipart';
import { idOf, ok, WITHDRAW_PASSWORD, type SimOperation, type SimWorld } from './world';

export function fundsOperations(world: SimWorld): SimOperation[] {
  const { seed, chance, int, pick, take, request, customers } = world;
  const iso = (s: number) => new Date(s * 1000).toISOString();
  const liveNfts: { id: number; endsAt: number }[] = [];
  let nftCounter = 0;
  const listNft = async () => {
    const length = int(10, 180) * 60;
    const body = await request('POST', '/swx/admin/nfts', world.staff.admin, {
      name: `Sim #${seed}-${++nftCounter}`,
      description: 'A seeded item',
      creator: 'Simulation',
      chain: 'Ethereum',
      contractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      tokenId: `${seed}-${nftCounter}-${Date.now()}`,
      startingPrice: '50',
      bidIncrement: '5',
      buyNowPrice: chance(0.5) ? '400' : null,
      startsAt: iso(world.now()),
      endsAt: iso(world.now() + length),
      image: world.files.image,
    });
    if (ok(body)) liveNfts.push({ id: idOf(body), endsAt: world.now() + length });
  };
  const pendingDeposits: number[] = [];
  const pendingWithdrawals: number[] = [];
  const pendingLoans: number[] = [];
  let hashes = 0;
  return [
    {
      name: 'deposit.submit',
      weight: 5,
      run: async () => {
        const who = pick(customers);
        const hash = `${seed.toString(16)}${(++hashes).toString(16).padStart(8, '0')}`.padEnd(
          64,
          'c',
        );
        const form = multipart([
          { name: 'coin', value: 'USDT' },
          { name: 'network', value: 'TRC20' },
          { name: 'amount', value: String(int(120, 2000)) },
          { name: 'txHash', value: hash },
          { name: 'lastSix', value: hash.slice(-6) },
          { name: 'proof', value: world.files.png, filename: 'p.png', type: 'image/png' },
        ]);
        const body = await request('POST', '/swx/customer/user/recharge', who.auth, form.payload, {
          'content-type': form.contentType,
        });
        if (ok(body)) pendingDeposits.push(idOf(body));
      },
    },
    {
      name: 'deposit.review',
      weight: 5,
      run: async () => {
        const id = take(pendingDeposits);
        if (id === undefined) return;
        await request(
          'POST',
          `/swx/admin/funding/deposits/${id}/review`,
          world.staff.finance,
          chance(0.75) ? { decision: 'approve' } : { decision: 'reject', reason: 'simulation' },
        );
      },
    },
    {
      name: 'withdraw.submit',
      weight: 4,
      run: async () => {
        const who = pick(customers);
        const body = await request('POST', '/swx/customer/user/withdrawal', who.auth, {
          method: chance(0.5) ? 'crypto' : 'bank',
          coin: 'USDT',
          network: 'TRC20',
          address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
          bankType: 'SWIFT',
          accountNumber: '12345678',
          holderName: 'Sim User',
          amount: String(int(1, 900)),
          password: WITHDRAW_PASSWORD,
        });
        if (ok(body)) pendingWithdrawals.push(idOf(body));
      },
    },
    {
      name: 'withdraw.review',
      weight: 4,
      run: async () => {
        const id = take(pendingWithdrawals);
        if (id === undefined) return;
        await request(
          'POST',
          `/swx/admin/funding/withdrawals/${id}/review`,
          world.staff.finance,
          chance(0.6)
            ? { decision: 'approve', payoutRef: `sim-${seed}-${id}` }
            : { decision: 'reject', reason: 'simulation' },
        );
      },
    },
    {
      name: 'plan.buy',
      weight: 5,
      run: async () => {
        const who = pick(customers);
        const body = await request('POST', '/swx/customer/order/buySmart', who.auth, {
          productId: world.planId,
          days: pick([1, 3, 7]),
          amount: String(int(100, 1500)),
        });
        if (ok(body)) who.plans.push(idOf(body));
      },
    },
    {
      name: 'plan.exit',
      weight: 2,
      run: async () => {
        const who = pick(customers);
        const id = take(who.plans);
        if (id !== undefined)
          await request('POST', '/swx/customer/order/exitSmart', who.auth, { id });
      },
    },
    {
      name: 'loan.apply',
      weight: 2,
      run: async () => {
        const who = pick(customers);
        const body = await request('POST', '/swx/customer/user/loan', who.auth, {
          productId: world.loanProductId,
          amount: String(int(100, 3000)),
          days: pick([7, 14]),
          signature: world.files.signature,
        });
        if (ok(body)) {
          who.loan = idOf(body);
          pendingLoans.push(idOf(body));
        }
      },
    },
    {
      name: 'loan.decide',
      weight: 2,
      run: async () => {
        const id = take(pendingLoans);
        if (id === undefined) return;
        if (chance(0.8))
          await request('POST', `/swx/admin/loans/${id}/approve`, world.staff.finance);
        else
          await request('POST', `/swx/admin/loans/${id}/reject`, world.staff.finance, {
            reason: 'simulation',
          });
      },
    },
    {
      name: 'loan.repay',
      weight: 2,
      run: async () => {
        const who = pick(customers.filter((c) => c.loan !== undefined).concat(pick(customers)));
        if (who.loan === undefined) return;
        await request('POST', '/swx/customer/user/repayLoan', who.auth, { id: who.loan });
      },
    },
    {
      name: 'nft.bid',
      weight: 5,
      run: async () => {
        const open = liveNfts.filter((n) => n.endsAt > world.now());
        if (open.length < 3 || chance(0.05)) await listNft();
        const item = pick(liveNfts.filter((n) => n.endsAt > world.now()));
        if (!item) return;
        const who = pick(customers);
        if (chance(0.1)) {
          await request('POST', '/swx/customer/user/buyNft', who.auth, {
            id: item.id,
            kind: 'buyNow',
          });
          return;
        }
        const detail = await request('GET', `/swx/customer/index/getNft/${item.id}`, who.auth);
        const minimum = Number((detail.result as { minimumBid?: string } | undefined)?.minimumBid);
        if (!Number.isFinite(minimum)) return;
        await request('POST', '/swx/customer/user/buyNft', who.auth, {
          id: item.id,
          kind: 'bid',
          amount: String(Math.ceil(minimum) + int(0, 20)),
        });
      },
    },
  ];
}

/**
 * What staff set up before the first operation: a deposit address, a smart plan and a loan
 * product (undefined when a product could not be created).
 */
export async function fundsProducts(
  request: SimWorld['request'],
  staff: SimWorld['staff'],
  seed: number,
): Promise<{ planId: number; loanProductId: number } | undefined> {
  await request('POST', '/swx/admin/funding/addresses', staff.finance, {
    coin: 'USDT',
    network: 'TRC20',
    address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
    enabled: true,
  });
  const plan = await request('POST', '/swx/admin/earn/products', staff.admin, {
    name: `Sim plan ${seed}`,
    minAmount: '100',
    maxAmount: '5000',
    terms: [
      { days: 1, dailyYield: '0.01' },
      { days: 3, dailyYield: '0.005' },
      { days: 7, dailyYield: '0.004' },
    ],
    penaltyRate: '0.05',
    enabled: true,
  });
  const loanProduct = await request('POST', '/swx/admin/loans/products', staff.admin, {
    name: `Sim loan ${seed}`,
    minAmount: '100',
    maxAmount: '3000',
    terms: [7, 14],
    dailyRate: '0.001',
    enabled: true,
  });
  if (!ok(plan) || !ok(loanProduct)) return undefined;
  return { planId: idOf(plan), loanProductId: idOf(loanProduct) };
}
