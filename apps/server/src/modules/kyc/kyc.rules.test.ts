import { describe, expect, it } from 'vitest';
import { ageOn, requiredSlots, sniffImage, stripJp2Metadata } from './kyc.rules';

function box(type: string, content: Buffer | string): Buffer {
  const body = Buffer.isBuffer(content) ? content : Buffer.from(content, 'latin1');
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

const SIGNATURE = box('jP  ', Buffer.from([0x0d, 0x0a, 0x87, 0x0a]));
const FTYP = box('ftyp', 'jp2 \0\0\0\0jp2 ');
const JP2H = box('jp2h', box('ihdr', Buffer.alloc(14)));
const CODESTREAM = box('jp2c', Buffer.from([0xff, 0x4f, 0xff, 0x51, 1, 2, 3, 4]));
const XML = box('xml ', '<x:xmpmeta>GPS 31.95N 35.93E</x:xmpmeta>');
const UUID = box('uuid', Buffer.concat([Buffer.alloc(16, 7), Buffer.from('Exif\0\0secret')]));

describe('sniffImage', () => {
  it.each([
    ['jpeg', [0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'jpeg'],
    ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0], 'png'],
    ['jp2', [...SIGNATURE], 'jp2'],
    ['j2k codestream', [0xff, 0x4f, 0xff, 0x51, 0], 'j2k'],
    ['gif', [...Buffer.from('GIF89a')], undefined],
    ['webp', [...Buffer.from('RIFF\0\0\0\0WEBP')], undefined],
    ['pdf', [...Buffer.from('%PDF-1.7')], undefined],
    ['text named .jpg', [...Buffer.from('hello')], undefined],
    ['truncated jpeg', [0xff, 0xd8], undefined],
    ['empty', [], undefined],
  ])('%s', (_name, bytes, kind) => {
    expect(sniffImage(Uint8Array.from(bytes))).toBe(kind);
  });
});

describe('stripJp2Metadata', () => {
  it('keeps the image boxes and drops XML and UUID (EXIF/XMP) boxes', () => {
    const file = Buffer.concat([SIGNATURE, FTYP, XML, JP2H, UUID, CODESTREAM]);
    const clean = stripJp2Metadata(file);
    expect(clean).toEqual(Buffer.concat([SIGNATURE, FTYP, JP2H, CODESTREAM]));
    expect(clean?.includes(Buffer.from('GPS'))).toBe(false);
    expect(clean?.includes(Buffer.from('Exif'))).toBe(false);
  });

  it('refuses broken structure or a missing image box', () => {
    expect(stripJp2Metadata(Buffer.concat([SIGNATURE, FTYP, JP2H]))).toBeUndefined();
    const truncated = Buffer.concat([SIGNATURE, FTYP, JP2H, CODESTREAM]).subarray(0, -3);
    expect(stripJp2Metadata(truncated)).toBeUndefined();
    const lying = Buffer.from(Buffer.concat([SIGNATURE, FTYP]));
    lying.writeUInt32BE(9999, SIGNATURE.length);
    expect(stripJp2Metadata(lying)).toBeUndefined();
  });
});

describe('KYC rules', () => {
  it.each([
    ['id_card', ['front', 'back', 'hand', 'signature']],
    ['passport', ['front', 'hand', 'signature']],
    ['driver_licence', ['front', 'hand', 'signature']],
  ] as const)('%s needs %j', (type, slots) => {
    expect(requiredSlots(type)).toEqual(slots);
  });

  it.each([
    ['2000-06-15', '2018-06-14', 17],
    ['2000-06-15', '2018-06-15', 18],
    ['2000-02-29', '2018-02-28', 17],
    ['2000-02-29', '2018-03-01', 18],
    ['1990-12-31', '2026-11-22', 35],
  ])('born %s is %i on %s', (birth, today, age) => {
    expect(ageOn(birth, new Date(`${today}T12:00:00Z`))).toBe(age);
  });
});
