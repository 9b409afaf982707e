import { describe, expect, it } from 'vitest';
import {
  EMPTY_DRAFT,
  localToday,
  requiredSlots,
  validateKyc,
  type KycDraft,
} from './kyc-form.rules';

const TODAY = '2026-06-15';

const complete: KycDraft = {
  firstName: ' Amira ',
  lastName: 'Haddad',
  sex: 'female',
  birthdate: '1990-04-01',
  country: 'jo',
  address: '12 Rainbow Street, Amman',
  phone: '+962 7 9123 4567',
  documentType: 'passport',
};

const passportImages = { front: 'f', hand: 'h', signature: 's' };

describe('images each document needs', () => {
  it.each([
    ['id_card', ['front', 'back', 'hand', 'signature']],
    ['passport', ['front', 'hand', 'signature']],
    ['driver_licence', ['front', 'hand', 'signature']],
    ['', ['front', 'hand', 'signature']],
  ] as const)('%s -> %j', (type, slots) => {
    expect(requiredSlots(type)).toEqual(slots);
  });
});

describe('KYC form validation', () => {
  it('accepts a complete form and returns the contract-parsed fields', () => {
    const result = validateKyc(complete, passportImages, TODAY);
    expect(result.fields).toEqual({});
    expect(result.images).toEqual({});
    expect(result.incomplete).toBe(false);
    expect(result.value).toEqual({
      ...complete,
      firstName: 'Amira',
      country: 'JO',
    });
  });

  it('an empty form: every field required, all images missing, "fill in complete information"', () => {
    const result = validateKyc(EMPTY_DRAFT, {}, TODAY);
    expect(result.fields).toEqual({
      firstName: 'required',
      lastName: 'required',
      sex: 'required',
      birthdate: 'required',
      country: 'required',
      address: 'required',
      phone: 'required',
      documentType: 'required',
    });
    expect(result.incomplete).toBe(true);
    expect(result.imagesMissing).toBe(true);
    expect(Object.keys(result.images)).toEqual(['front', 'hand', 'signature']);
    expect(result.value).toBeNull();
  });

  it.each<[string, Partial<KycDraft>, Record<string, string>]>([
    ['blank after trimming', { firstName: '   ' }, { firstName: 'required' }],
    ['a name over 60 characters', { lastName: 'x'.repeat(61) }, { lastName: 'invalid' }],
    ['an address shorter than 5', { address: 'Rd 1' }, { address: 'tooShort' }],
    ['a birthdate that is not a date', { birthdate: '1990-13-45' }, { birthdate: 'invalid' }],
    ['a birthdate in the future', { birthdate: '2026-06-16' }, { birthdate: 'future' }],
    ['a country that is not ISO alpha-2', { country: 'JOR' }, { country: 'invalid' }],
    ['a phone with letters', { phone: '+962 abc 1234' }, { phone: 'invalid' }],
    ['a phone too short', { phone: '12345' }, { phone: 'invalid' }],
  ])('%s', (_name, change, expected) => {
    const result = validateKyc({ ...complete, ...change }, passportImages, TODAY);
    expect(result.fields).toEqual(expected);
    expect(result.value).toBeNull();
    expect(result.incomplete).toBe(Object.values(expected).includes('required'));
  });

  it('an ID card needs its back too; other documents do not', () => {
    const idCard = { ...complete, documentType: 'id_card' as const };
    const result = validateKyc(idCard, passportImages, TODAY);
    expect(result.images).toEqual({ back: 'required' });
    expect(result.imagesMissing).toBe(true);
    expect(result.incomplete).toBe(false);
    expect(result.value).toBeNull();
    expect(validateKyc(idCard, { ...passportImages, back: 'b' }, TODAY).value).not.toBeNull();
  });

  it('a missing signature blocks the submission', () => {
    const result = validateKyc(complete, { front: 'f', hand: 'h' }, TODAY);
    expect(result.images).toEqual({ signature: 'required' });
    expect(result.value).toBeNull();
  });

  it('today is the local calendar date', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
