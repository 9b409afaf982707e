import { KYC_MAX_IMAGE_BYTES } from '@swx/contract';

/**
 * KYC images before upload. The server checks magic bytes and size too (10122, 10123); checking
 * here first means a renamed file or an oversized photo is refused inline, before a slow upload.
 */
export type KycImageType = 'image/jpeg' | 'image/png' | 'image/jp2';

const SIGNATURES: readonly { type: KycImageType; bytes: readonly number[] }[] = [
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  // JPEG 2000 in its JP2 box format ("\0\0\0\x0cjP  ").
  { type: 'image/jp2', bytes: [0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20] },
  // A raw JPEG 2000 codestream (.j2k): SOC then SIZ marker.
  { type: 'image/jp2', bytes: [0xff, 0x4f, 0xff, 0x51] },
];

/** How many leading bytes `sniffImageType` needs. */
export const SNIFF_BYTES = 8;

/** The image type the first bytes prove, whatever the file's name or declared type says. */
export function sniffImageType(head: Uint8Array): KycImageType | null {
  for (const { type, bytes } of SIGNATURES) {
    if (head.length >= bytes.length && bytes.every((b, i) => head[i] === b)) return type;
  }
  return null;
}

/** The longest side a photo keeps; more adds bytes, not legibility. */
export const MAX_SIDE_PX = 2000;
/** Below this a document is no longer readable: give up rather than send a useless image. */
export const MIN_SIDE_PX = 600;
/** JPEG qualities tried in turn at each size. */
export const QUALITY_STEPS = [0.92, 0.85, 0.78, 0.7, 0.6, 0.5] as const;
/** Each size step after the qualities ran out. */
export const SHRINK_FACTOR = 0.8;

export function fitWithin(
  width: number,
  height: number,
  maxSide: number,
): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const scale = maxSide / longest;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

export type Encoder = (width: number, height: number, quality: number) => Promise<Blob>;

/**
 * Encodes at the largest size up to `maxSide` and steps the JPEG quality down until the result
 * fits `maxBytes`; if even the lowest quality is too big, shrinks the picture and starts again.
 * Null when nothing at or above `minSide` fits (an extreme noise image).
 */
export async function encodeWithinLimit(
  source: { width: number; height: number },
  encode: Encoder,
  {
    maxBytes = KYC_MAX_IMAGE_BYTES,
    maxSide = MAX_SIDE_PX,
    minSide = MIN_SIDE_PX,
    qualities = QUALITY_STEPS,
  }: {
    maxBytes?: number;
    maxSide?: number;
    minSide?: number;
    qualities?: readonly number[];
  } = {},
): Promise<Blob | null> {
  let size = fitWithin(source.width, source.height, maxSide);
  // A picture already smaller than the minimum is tried once at its own size.
  const floor = Math.min(minSide, Math.max(size.width, size.height));
  for (;;) {
    for (const quality of qualities) {
      const blob = await encode(size.width, size.height, quality);
      if (blob.size <= maxBytes) return blob;
    }
    const next = {
      width: Math.round(size.width * SHRINK_FACTOR),
      height: Math.round(size.height * SHRINK_FACTOR),
    };
    if (Math.max(next.width, next.height) < floor || next.width < 1 || next.height < 1) {
      return null;
    }
    size = next;
  }
}

export type ImageProblem = 'notImage' | 'tooLargeJp2' | 'tooLarge' | 'unreadable' | 'empty';

export type PreparedImage =
  | { ok: true; blob: Blob; type: KycImageType; resized: boolean }
  | { ok: false; problem: ImageProblem };

export interface ImageDeps {
  /** Decodes a JPG or PNG; null when the browser cannot. */
  decode: (blob: Blob) => Promise<DecodedImage | null>;
}

export interface DecodedImage {
  width: number;
  height: number;
  /** Draws the image at this size and encodes it as JPEG at this quality. */
  encode: Encoder;
  release: () => void;
}

/**
 * From a picked, captured or drawn file to the blob that is uploaded: the type is proved by
 * magic bytes; JPEG 2000 (which browsers cannot decode) goes as it is when small enough; JPG and
 * PNG that are too big or too large are re-encoded as JPEG within the limits. Files already
 * within them are sent untouched (the server strips metadata when it re-encodes).
 */
export async function prepareKycImage(file: Blob, deps: ImageDeps): Promise<PreparedImage> {
  if (file.size === 0) return { ok: false, problem: 'empty' };
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  const type = sniffImageType(head);
  if (!type) return { ok: false, problem: 'notImage' };
  if (type === 'image/jp2') {
    return file.size <= KYC_MAX_IMAGE_BYTES
      ? { ok: true, blob: relabel(file, type), type, resized: false }
      : { ok: false, problem: 'tooLargeJp2' };
  }
  const image = await deps.decode(file).catch(() => null);
  if (!image) return { ok: false, problem: 'unreadable' };
  try {
    if (file.size <= KYC_MAX_IMAGE_BYTES && Math.max(image.width, image.height) <= MAX_SIDE_PX) {
      return { ok: true, blob: relabel(file, type), type, resized: false };
    }
    const blob = await encodeWithinLimit(image, image.encode);
    return blob
      ? { ok: true, blob, type: 'image/jpeg', resized: true }
      : { ok: false, problem: 'tooLarge' };
  } finally {
    image.release();
  }
}

/** The declared type follows the bytes (a PNG named photo.jpg is uploaded as a PNG). */
function relabel(file: Blob, type: KycImageType): Blob {
  return file.type === type ? file : new Blob([file], { type });
}
