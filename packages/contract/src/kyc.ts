import { z } from 'zod';
import { IsoDateTime, envelope } from './common';
import { route } from './route';

// Identity verification (KYC): the documents, the submission and its review state.

export const KycDocumentType = z.enum(['id_card', 'passport', 'driver_licence']);
export type KycDocumentType = z.infer<typeof KycDocumentType>;

/** The image slots of a submission; the ID card needs its back too. */
export const KycFileSlot = z.enum(['front', 'back', 'hand', 'signature']);
export type KycFileSlot = z.infer<typeof KycFileSlot>;

export const KYC_MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const KYC_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/jp2'] as const;

export const KycFields = z.object({
  firstName: z.string().trim().min(1).max(60),
  lastName: z.string().trim().min(1).max(60),
  sex: z.enum(['male', 'female']),
  birthdate: z.iso.date(),
  /** ISO 3166-1 alpha-2. */
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/)
    .transform((s) => s.toUpperCase()),
  address: z.string().trim().min(5).max(300),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[\d\s-]{6,20}$/),
  documentType: KycDocumentType,
});
export type KycFields = z.infer<typeof KycFields>;

/** A stored submission as replies carry it (plain values: replies are not transformed). */
export const KycSubmission = z.object({
  firstName: z.string(),
  lastName: z.string(),
  sex: z.enum(['male', 'female']),
  birthdate: z.string(),
  country: z.string(),
  address: z.string(),
  phone: z.string(),
  documentType: KycDocumentType,
  id: z.number().int(),
  status: z.enum(['pending', 'verified', 'rejected']),
  reason: z.string().nullable(),
  files: z.array(z.object({ slot: KycFileSlot, id: z.number().int() })),
  submittedAt: IsoDateTime,
  reviewedAt: IsoDateTime.nullable(),
});
export type KycSubmission = z.infer<typeof KycSubmission>;

/**
 * KYC submission: multipart/form-data with the fields of `KycFields` and one file per slot
 * (front; back for an ID card; hand; signature). JPG, PNG or JPEG 2000, at most 2 MB each.
 */
export const identification = route({
  method: 'POST',
  path: '/swx/customer/user/identification',
  reply: envelope(z.object({ id: z.number().int(), status: z.literal('pending') })),
});

/** The latest submission, or null when the user has never submitted. */
export const getIdentification = route({
  method: 'GET',
  path: '/swx/customer/user/getIdentification',
  reply: envelope(KycSubmission.nullable()),
});

/** One of the user's own KYC images (the bytes, not an envelope). */
export const KYC_FILE_PATH = '/swx/customer/user/kycFile/:id';
