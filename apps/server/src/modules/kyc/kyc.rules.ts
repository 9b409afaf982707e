import type { KycDocumentType, KycFileSlot } from '@swx/contract';

export type ImageKind = 'jpeg' | 'png' | 'jp2' | 'j2k';

/**
 * The type of an upload from its first bytes; the name and the declared type are not trusted
 * (a renamed file is refused).
 */
export function sniffImage(bytes: Uint8Array): ImageKind | undefined {
  const starts = (signature: readonly number[]) =>
    bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a]))
    return 'jp2';
  if (starts([0xff, 0x4f, 0xff, 0x51])) return 'j2k';
  return undefined;
}

export const MIME_OF: Record<ImageKind, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  jp2: 'image/jp2',
  j2k: 'image/j2k',
};

export const EXTENSION_OF: Record<ImageKind, string> = {
  jpeg: 'jpg',
  png: 'png',
  jp2: 'jp2',
  j2k: 'j2k',
};

/** The ID card needs its back; passports and licences are read from the photo page / front. */
export function requiredSlots(documentType: KycDocumentType): KycFileSlot[] {
  return documentType === 'id_card'
    ? ['front', 'back', 'hand', 'signature']
    : ['front', 'hand', 'signature'];
}

/** Boxes of a JP2 file that carry the image; everything else (XML, UUID boxes holding EXIF or
 * XMP, IPR, labels) is dropped. */
const JP2_KEEP = new Set(['jP  ', 'ftyp', 'jp2h', 'jp2c']);

/**
 * Removes metadata from a JP2 file at the box level (ISO/IEC 15444-1 annex I). The image codestream
 * is kept byte for byte: no JPEG 2000 decoder ships with the platform, so the file is cleaned
 * rather than re-encoded. Returns undefined when the box structure is broken or a required box is
 * missing.
 */
export function stripJp2Metadata(bytes: Buffer): Buffer | undefined {
  const kept: Buffer[] = [];
  const seen = new Set<string>();
  let offset = 0;
  while (offset < bytes.length) {
    if (offset + 8 > bytes.length) return undefined;
    let length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    let header = 8;
    if (length === 1) {
      if (offset + 16 > bytes.length) return undefined;
      const big = bytes.readBigUInt64BE(offset + 8);
      if (big > BigInt(bytes.length)) return undefined;
      length = Number(big);
      header = 16;
    } else if (length === 0) {
      length = bytes.length - offset; // the last box runs to the end of the file
    }
    if (length < header || offset + length > bytes.length) return undefined;
    if (JP2_KEEP.has(type)) {
      kept.push(bytes.subarray(offset, offset + length));
      seen.add(type);
    }
    offset += length;
  }
  for (const type of JP2_KEEP) if (!seen.has(type)) return undefined;
  return Buffer.concat(kept);
}

/** Age in whole years on a date (birthdates are calendar dates, compared as such). */
export function ageOn(birthdate: string, today: Date): number {
  const [y, m, d] = birthdate.split('-').map(Number) as [number, number, number];
  const ty = today.getUTCFullYear();
  const tm = today.getUTCMonth() + 1;
  const td = today.getUTCDate();
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
}

export const MIN_AGE = 18;
