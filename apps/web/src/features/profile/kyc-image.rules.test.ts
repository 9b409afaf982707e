import { KYC_MAX_IMAGE_BYTES } from '@swx/contract';
import { describe, expect, it, vi } from 'vitest';
import {
  encodeWithinLimit,
  fitWithin,
  MAX_SIDE_PX,
  prepareKycImage,
  QUALITY_STEPS,
  sniffImageType,
  type DecodedImage,
  type Encoder,
} from './kyc-image.rules';

const bytes = (...values: number[]) => new Uint8Array(values);
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JP2 = [0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a];
const J2K = [0xff, 0x4f, 0xff, 0x51, 0x00, 0x2f];

describe('magic bytes', () => {
  it.each([
    ['JPEG (JFIF)', bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46), 'image/jpeg'],
    ['JPEG (EXIF)', bytes(0xff, 0xd8, 0xff, 0xe1, 0x12, 0x34, 0x45, 0x78), 'image/jpeg'],
    ['PNG', bytes(...PNG), 'image/png'],
    ['JPEG 2000 (JP2 box)', bytes(...JP2), 'image/jp2'],
    ['JPEG 2000 (raw codestream)', bytes(...J2K), 'image/jp2'],
    ['PNG signature cut short', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a), null],
    ['PNG with a wrong 8th byte', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x00), null],
    ['JPEG with two bytes only', bytes(0xff, 0xd8), null],
    ['GIF', bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61), null],
    ['WebP', bytes(0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50), null],
    ['PDF', bytes(0x25, 0x50, 0x44, 0x46, 0x2d), null],
    ['text renamed to .jpg', new TextEncoder().encode('hello, not a photo'), null],
    ['HEIC', bytes(0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70), null],
    ['empty', bytes(), null],
  ])('%s -> %s', (_name, head, expected) => {
    expect(sniffImageType(head)).toBe(expected);
  });
});

describe('fitting within the longest side', () => {
  it.each([
    [4000, 3000, 2000, { width: 2000, height: 1500 }],
    [3000, 4000, 2000, { width: 1500, height: 2000 }],
    [2000, 1000, 2000, { width: 2000, height: 1000 }],
    [640, 480, 2000, { width: 640, height: 480 }],
    [10_000, 10, 2000, { width: 2000, height: 2 }],
  ])('%i x %i within %i', (w, h, max, expected) => {
    expect(fitWithin(w, h, max)).toEqual(expected);
  });
});

/** A fake JPEG encoder: bytes grow with pixels and quality, as a real one's roughly do. */
function fakeEncoder(bytesPerPixelAtFullQuality: number) {
  const calls: { width: number; height: number; quality: number }[] = [];
  const encode: Encoder = async (width, height, quality) => {
    calls.push({ width, height, quality });
    // Only the size matters to the loop; no need to allocate the bytes.
    const blob = new Blob([], { type: 'image/jpeg' });
    Object.defineProperty(blob, 'size', {
      value: Math.round(width * height * quality * bytesPerPixelAtFullQuality),
    });
    return blob;
  };
  return { encode, calls };
}

describe('the size loop', () => {
  it('encodes at most 2000 px and keeps the first quality that fits', async () => {
    const { encode, calls } = fakeEncoder(0.5);
    const blob = await encodeWithinLimit({ width: 4000, height: 3000 }, encode);
    // 2000 x 1500 x 0.5 x q fits 2 MB from the first quality on.
    expect(calls).toEqual([{ width: 2000, height: 1500, quality: QUALITY_STEPS[0] }]);
    expect(blob!.size).toBeLessThanOrEqual(KYC_MAX_IMAGE_BYTES);
  });

  it('steps the quality down until the image fits', async () => {
    const { encode, calls } = fakeEncoder(1);
    const blob = await encodeWithinLimit({ width: 4000, height: 3000 }, encode);
    // 3,000,000 px: q 0.92, 0.85, 0.78, 0.7 are too big; 0.6 (1.8 MB) fits 2 MiB.
    expect(calls.map((c) => c.quality)).toEqual([0.92, 0.85, 0.78, 0.7, 0.6]);
    expect(calls.every((c) => c.width === MAX_SIDE_PX)).toBe(true);
    expect(blob!.size).toBeLessThanOrEqual(KYC_MAX_IMAGE_BYTES);
  });

  it('shrinks the picture when even the lowest quality is too big', async () => {
    const { encode, calls } = fakeEncoder(3);
    const blob = await encodeWithinLimit({ width: 4000, height: 3000 }, encode);
    expect(blob!.size).toBeLessThanOrEqual(KYC_MAX_IMAGE_BYTES);
    const sizes = [...new Set(calls.map((c) => `${c.width}x${c.height}`))];
    expect(sizes[0]).toBe('2000x1500');
    expect(sizes.length).toBeGreaterThan(1);
    expect(calls.at(-1)!.width).toBeLessThan(2000);
  });

  it('gives up (null) rather than sending an unreadably small image', async () => {
    const { encode, calls } = fakeEncoder(1000);
    await expect(encodeWithinLimit({ width: 4000, height: 3000 }, encode)).resolves.toBeNull();
    expect(Math.max(calls.at(-1)!.width, calls.at(-1)!.height)).toBeGreaterThanOrEqual(600);
  });
});

function fakeImage(width: number, height: number, bytesPerPixel = 1) {
  const release = vi.fn<() => void>();
  const image: DecodedImage = {
    width,
    height,
    encode: fakeEncoder(bytesPerPixel).encode,
    release,
  };
  return Object.assign(image, { release });
}

function file(head: readonly number[], size: number, type = ''): Blob {
  const data = new Uint8Array(size);
  data.set(head.slice(0, size));
  return new Blob([data], { type });
}

describe('preparing an image for upload', () => {
  const JPEG = [0xff, 0xd8, 0xff, 0xe0];

  it('refuses a file whose bytes are not an accepted image, whatever its name', async () => {
    const decode = vi.fn();
    const renamed = new File(['just text'], 'passport.jpg', { type: 'image/jpeg' });
    await expect(prepareKycImage(renamed, { decode })).resolves.toEqual({
      ok: false,
      problem: 'notImage',
    });
    expect(decode).not.toHaveBeenCalled();
  });

  it('refuses an empty file', async () => {
    await expect(prepareKycImage(new Blob([]), { decode: vi.fn() })).resolves.toEqual({
      ok: false,
      problem: 'empty',
    });
  });

  it('sends JPEG 2000 as it is when it fits, refuses it inline when it does not', async () => {
    const decode = vi.fn();
    const small = await prepareKycImage(file(JP2, 500_000, 'application/octet-stream'), { decode });
    expect(small).toMatchObject({ ok: true, type: 'image/jp2', resized: false });
    expect(small.ok && small.blob.type).toBe('image/jp2');
    await expect(prepareKycImage(file(J2K, KYC_MAX_IMAGE_BYTES + 1), { decode })).resolves.toEqual({
      ok: false,
      problem: 'tooLargeJp2',
    });
    expect(decode).not.toHaveBeenCalled();
  });

  it('keeps a small JPG or PNG untouched (labelled by its bytes)', async () => {
    const image = fakeImage(1200, 900);
    const result = await prepareKycImage(file(PNG, 300_000, 'image/jpeg'), {
      decode: async () => image,
    });
    expect(result).toMatchObject({ ok: true, type: 'image/png', resized: false });
    expect(result.ok && result.blob.type).toBe('image/png');
    expect(image.release).toHaveBeenCalled();
  });

  it('re-encodes a photo over 2 MB or over 2000 px as a JPEG within the limit', async () => {
    const big = await prepareKycImage(file(JPEG, 5_000_000, 'image/jpeg'), {
      decode: async () => fakeImage(4032, 3024),
    });
    expect(big).toMatchObject({ ok: true, type: 'image/jpeg', resized: true });
    expect(big.ok && big.blob.size).toBeLessThanOrEqual(KYC_MAX_IMAGE_BYTES);

    const wide = await prepareKycImage(file(JPEG, 800_000), {
      decode: async () => fakeImage(3000, 1000, 0.2),
    });
    expect(wide).toMatchObject({ ok: true, resized: true });
  });

  it('reports an image the browser cannot decode, and one that cannot be made small enough', async () => {
    await expect(prepareKycImage(file(JPEG, 10), { decode: async () => null })).resolves.toEqual({
      ok: false,
      problem: 'unreadable',
    });
    await expect(
      prepareKycImage(file(JPEG, 10), {
        decode: () => Promise.reject(new Error('broken')),
      }),
    ).resolves.toEqual({ ok: false, problem: 'unreadable' });
    const noise = fakeImage(4000, 3000, 1000);
    await expect(
      prepareKycImage(file(JPEG, 9_000_000), { decode: async () => noise }),
    ).resolves.toEqual({ ok: false, problem: 'tooLarge' });
    expect(noise.release).toHaveBeenCalled();
  });
});
