import { KycFields, type KycDocumentType, type KycFileSlot } from '@swx/contract';

/** The form's raw values (everything a string while typing; sex and type unset until chosen). */
export interface KycDraft {
  firstName: string;
  lastName: string;
  sex: '' | 'male' | 'female';
  birthdate: string;
  country: string;
  address: string;
  phone: string;
  documentType: '' | KycDocumentType;
}

export type KycFieldName = keyof KycDraft;

export const EMPTY_DRAFT: KycDraft = {
  firstName: '',
  lastName: '',
  sex: '',
  birthdate: '',
  country: '',
  address: '',
  phone: '',
  documentType: '',
};

/** The slots a document needs, in the order the form shows them. */
export function requiredSlots(documentType: KycDraft['documentType']): KycFileSlot[] {
  return documentType === 'id_card'
    ? ['front', 'back', 'hand', 'signature']
    : ['front', 'hand', 'signature'];
}

/** Catalogue keys (namespace `profile`) of what is wrong with each field. */
export type FieldProblem = 'required' | 'invalid' | 'tooShort' | 'future';

export interface KycValidation {
  fields: Partial<Record<KycFieldName, FieldProblem>>;
  images: Partial<Record<KycFileSlot, 'required'>>;
  /** Spec §5: "please fill in complete information". */
  incomplete: boolean;
  /** Spec §5: "required images must be uploaded". */
  imagesMissing: boolean;
  /** The parsed fields when everything is in order. */
  value: KycFields | null;
}

/** Today as YYYY-MM-DD in the reader's time zone (a birthdate is a calendar date). */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Checks a draft with the contract's schema (the server uses the same one) and the images the
 * document type needs. Empty fields say "required"; filled ones that fail say what is wrong.
 */
export function validateKyc(
  draft: KycDraft,
  images: Partial<Record<KycFileSlot, unknown>>,
  today: string = localToday(),
): KycValidation {
  const fields: KycValidation['fields'] = {};
  for (const [name, raw] of Object.entries(draft) as [KycFieldName, string][]) {
    if (raw.trim() === '') fields[name] = 'required';
  }
  const parsed = KycFields.safeParse(draft);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = issue.path[0] as KycFieldName | undefined;
      if (!name || fields[name]) continue;
      fields[name] = issue.code === 'too_small' ? 'tooShort' : 'invalid';
    }
  }
  if (!fields.birthdate && draft.birthdate > today) fields.birthdate = 'future';

  const imageProblems: KycValidation['images'] = {};
  for (const slot of requiredSlots(draft.documentType)) {
    if (!images[slot]) imageProblems[slot] = 'required';
  }

  const incomplete = Object.values(fields).includes('required');
  const imagesMissing = Object.keys(imageProblems).length > 0;
  const ok = Object.keys(fields).length === 0 && !imagesMissing && parsed.success;
  return {
    fields,
    images: imageProblems,
    incomplete,
    imagesMissing,
    value: ok ? parsed.data : null,
  };
}
