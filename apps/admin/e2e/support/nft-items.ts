import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { customerBase } from '../../../../e2e-support/customer';

// A 2x2 PNG the server decodes and writes again.
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWM4YRN1wiaKAUIBACgOBXkG6+pvAAAAAElFTkSuQmCC';

/** Lists a charity NFT through the admin API, as the Charity NFTs page does. */
export async function listNftItem(
  request: APIRequestContext,
  adminToken: string,
  item: { name: string; endsInSeconds: number; buyNowPrice: string | null },
): Promise<number> {
  const now = Date.now();
  const reply = await request.post(`${customerBase()}/swx/admin/nfts`, {
    headers: { authorization: `Bearer ${adminToken}` },
    data: {
      name: item.name,
      description: 'Drawn by a child of the shelter art club',
      creator: 'Shelter art club',
      chain: 'Ethereum',
      contractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      tokenId: randomUUID(),
      startingPrice: '100',
      bidIncrement: '10',
      buyNowPrice: item.buyNowPrice,
      startsAt: new Date(now - 60_000).toISOString(),
      endsAt: new Date(now + item.endsInSeconds * 1000).toISOString(),
      image: `data:image/png;base64,${PNG}`,
    },
  });
  const body = (await reply.json()) as { code: number; result: { id: number } };
  if (body.code !== 200) throw new Error(`nft: ${JSON.stringify(body)}`);
  return body.result.id;
}

/** A bid by another customer, through the API. */
export async function bidAs(
  request: APIRequestContext,
  token: string,
  id: number,
  amount: string,
): Promise<number> {
  const reply = await request.post(`${customerBase()}/swx/customer/user/buyNft`, {
    headers: {
      authorization: `Bearer ${token}`,
      'x-account-mode': 'real',
      'idempotency-key': randomUUID(),
    },
    data: { id, kind: 'bid', amount },
  });
  return ((await reply.json()) as { code: number }).code;
}

/** An item as anyone sees it. */
export async function nftState(request: APIRequestContext, id: number) {
  const reply = await request.get(`${customerBase()}/swx/customer/index/getNft/${id}`);
  return ((await reply.json()) as { result: { state: string; soldPrice: string | null } }).result;
}
