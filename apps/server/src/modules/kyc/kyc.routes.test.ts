import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp, registerByEmail } from '../../../test/support/accounts';
import { staffHeaders } from '../../../test/support/staff-session';
import { storedFileCount } from '../../../test/support/files';
import { multipart } from '../../../test/support/multipart';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

let t: TestApp;
let jpeg: Buffer;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  const base = sharp({
    create: { width: 320, height: 200, channels: 3, background: { r: 40, g: 120, b: 200 } },
  });
  // A photo as phones write it: with EXIF (camera, GPS-like comment) that must not be kept.
  jpeg = await base
    .clone()
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'home-address-secret', Make: 'PhoneCam' } } })
    .toBuffer();
  png = await base.clone().png().toBuffer();
});
afterAll(() => t.close());

const FIELDS = {
  firstName: 'Amira',
  lastName: 'Haddad',
  sex: 'female',
  birthdate: '1990-04-12',
  country: 'jo',
  address: '12 Rainbow Street, Amman',
  phone: '+962 79 123 4567',
  documentType: 'passport',
};

function kycForm(
  files: Partial<
    Record<'front' | 'back' | 'hand' | 'signature', { bytes: Buffer; name: string; type: string }>
  >,
  fields: Record<string, string> = FIELDS,
) {
  return multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...Object.entries(files).map(([name, f]) => ({
      name,
      value: f.bytes,
      filename: f.name,
      type: f.type,
    })),
  ]);
}

async function submit(auth: Record<string, string>, form: ReturnType<typeof multipart>) {
  return t.app.inject({
    method: 'POST',
    url: '/swx/customer/user/identification',
    payload: form.payload,
    headers: { ...auth, 'content-type': form.contentType },
    remoteAddress: freshIp(),
  });
}

const photo = () => ({ bytes: jpeg, name: 'photo.jpg', type: 'image/jpeg' });

describe('KYC submission', () => {
  it('refuses a wrong type, a renamed file, an oversize image and missing images, storing nothing', async () => {
    const alice = await registerByEmail(t);
    const before = await storedFileCount(t);
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(100)]);
    const renamed = Buffer.from('this is a text file pretending to be a photo');
    const oversize = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff]),
      Buffer.alloc(2 * 1024 * 1024),
    ]);
    const cases: [Parameters<typeof kycForm>[0], number][] = [
      [
        {
          front: { bytes: gif, name: 'id.gif', type: 'image/gif' },
          hand: photo(),
          signature: photo(),
        },
        10122,
      ],
      [
        {
          front: { bytes: renamed, name: 'id.jpg', type: 'image/jpeg' },
          hand: photo(),
          signature: photo(),
        },
        10122,
      ],
      [
        {
          front: { bytes: oversize, name: 'big.jpg', type: 'image/jpeg' },
          hand: photo(),
          signature: photo(),
        },
        10123,
      ],
      [{ front: photo(), signature: photo() }, 10127],
      [
        {
          front: {
            bytes: Buffer.from([0xff, 0xd8, 0xff, 0, 1, 2]),
            name: 'cut.jpg',
            type: 'image/jpeg',
          },
          hand: photo(),
          signature: photo(),
        },
        10124,
      ],
    ];
    for (const [files, code] of cases) {
      const res = await submit(alice.auth, kycForm(files));
      expect(res.json().code).toBe(code);
      expect(res.json().msg).not.toBe('');
    }
    // An ID card needs its back.
    const noBack = await submit(
      alice.auth,
      kycForm(
        { front: photo(), hand: photo(), signature: photo() },
        { ...FIELDS, documentType: 'id_card' },
      ),
    );
    expect(noBack.json().code).toBe(10127);
    expect(noBack.json().result.fields).toEqual([expect.objectContaining({ path: 'back' })]);
    // Incomplete data.
    const incomplete = await submit(
      alice.auth,
      kycForm({ front: photo(), hand: photo(), signature: photo() }, { ...FIELDS, lastName: '' }),
    );
    expect(incomplete.json().code).toBe(10100);

    expect(await storedFileCount(t)).toBe(before);
    const state = await t.app.inject({
      method: 'GET',
      url: '/swx/customer/user/getIdentification',
      headers: alice.auth,
    });
    expect(state.json().result).toBeNull();
  });

  it('stores cleaned images without EXIF, serves them only to the owner and KYC staff, and is reviewed', async () => {
    const alice = await registerByEmail(t);
    const bob = await registerByEmail(t);
    const res = await submit(
      alice.auth,
      kycForm({
        front: photo(),
        hand: { bytes: png, name: 'hand.png', type: 'image/png' },
        signature: photo(),
      }),
    );
    expect(res.json()).toMatchObject({ code: 20001, result: { status: 'pending' } });
    const submissionId = res.json().result.id as number;

    // A second submission while one is pending is refused.
    const again = await submit(
      alice.auth,
      kycForm({ front: photo(), hand: photo(), signature: photo() }),
    );
    expect(again.json().code).toBe(10019);

    const mine = await t.app.inject({
      method: 'GET',
      url: '/swx/customer/user/getIdentification',
      headers: alice.auth,
    });
    const submission = mine.json().result;
    expect(submission).toMatchObject({
      status: 'pending',
      country: 'JO',
      documentType: 'passport',
    });
    expect(submission.files.map((f: { slot: string }) => f.slot).sort()).toEqual([
      'front',
      'hand',
      'signature',
    ]);
    const front = submission.files.find((f: { slot: string }) => f.slot === 'front').id as number;

    const own = await t.app.inject({
      method: 'GET',
      url: `/swx/customer/user/kycFile/${front}`,
      headers: alice.auth,
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.headers['cache-control']).toBe('private, no-store');
    const meta = await sharp(own.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(own.rawPayload.includes(Buffer.from('home-address-secret'))).toBe(false);

    // Bob cannot read Alice's image; staff without the kyc role cannot either.
    const stolen = await t.app.inject({
      method: 'GET',
      url: `/swx/customer/user/kycFile/${front}`,
      headers: bob.auth,
    });
    expect(stolen.json().code).toBe(10101);
    const finance = await staffHeaders(t.database, ['finance']);
    const denied = await t.app.inject({
      method: 'GET',
      url: `/swx/admin/kyc/${submissionId}/files/${front}`,
      headers: finance.headers,
    });
    expect(denied.json().code).toBe(10108);

    const reviewer = await staffHeaders(t.database, ['kyc']);
    const queue = await t.app.inject({
      method: 'GET',
      url: '/swx/admin/kyc?status=pending&pageSize=100',
      headers: reviewer.headers,
    });
    expect(queue.json().result.list.map((r: { id: number }) => r.id)).toContain(submissionId);
    const image = await t.app.inject({
      method: 'GET',
      url: `/swx/admin/kyc/${submissionId}/files/${front}`,
      headers: reviewer.headers,
    });
    expect(image.statusCode).toBe(200);

    const noReason = await t.app.inject({
      method: 'POST',
      url: `/swx/admin/kyc/${submissionId}/review`,
      payload: { decision: 'reject' },
      headers: reviewer.headers,
    });
    expect(noReason.json().code).toBe(10100);
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/swx/admin/kyc/${submissionId}/review`,
      payload: { decision: 'reject', reason: 'The passport photo is blurred.' },
      headers: reviewer.headers,
    });
    expect(rejected.json().result).toMatchObject({
      status: 'rejected',
      reason: 'The passport photo is blurred.',
      username: alice.username,
    });
    const twice = await t.app.inject({
      method: 'POST',
      url: `/swx/admin/kyc/${submissionId}/review`,
      payload: { decision: 'approve' },
      headers: reviewer.headers,
    });
    expect(twice.json().code).toBe(10019);

    const info = await t.app.inject({
      method: 'POST',
      url: '/swx/customer/user/getUserInfo',
      headers: alice.auth,
    });
    expect(info.json().result).toMatchObject({
      kycStatus: 'rejected',
      kycReason: 'The passport photo is blurred.',
    });

    // Resubmit, approve, and the user is told.
    const second = await submit(
      alice.auth,
      kycForm({ front: photo(), hand: photo(), signature: photo() }),
    );
    expect(second.json().code).toBe(20001);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/swx/admin/kyc/${second.json().result.id}/review`,
      payload: { decision: 'approve' },
      headers: reviewer.headers,
    });
    expect(approved.json().result.status).toBe('verified');
    const notes = await t.app.inject({
      method: 'GET',
      url: '/swx/customer/user/listNotification',
      headers: alice.auth,
    });
    expect(
      notes
        .json()
        .result.list.map((n: { kind: string }) => n.kind)
        .slice(0, 2),
    ).toEqual(['kyc_approved', 'kyc_rejected']);
    expect(notes.json().result.list[1].params).toEqual({
      reason: 'The passport photo is blurred.',
    });

    // The decisions are in the audit log.
    const admin = await staffHeaders(t.database, ['admin']);
    const audit = await t.app.inject({
      method: 'GET',
      url: '/swx/admin/audit?pageSize=100',
      headers: admin.headers,
    });
    const actions = JSON.stringify(audit.json().result);
    expect(actions).toContain(`kyc:${submissionId}`);
  });

  it('refuses a body that is not multipart', async () => {
    const alice = await registerByEmail(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/swx/customer/user/identification',
      payload: FIELDS,
      headers: alice.auth,
    });
    expect(res.json().code).toBe(10113);
  });
});
