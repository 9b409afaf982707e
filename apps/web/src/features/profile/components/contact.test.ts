import { describe, expect, it } from 'vitest';
import { phoneOf, shortAddress } from './contact';

describe('contact display', () => {
  it.each([
    [{ areaCode: '44', phone: '+447700900124' }, '+44 7700900124'],
    [{ areaCode: '44', phone: '7700900124' }, '+44 7700900124'],
    [{ areaCode: '+44', phone: '7700900124' }, '+44 7700900124'],
    [{ areaCode: null, phone: '+447700900124' }, '+447700900124'],
    [{ areaCode: '1', phone: '+447700900124' }, '+447700900124'],
    [{ areaCode: '44', phone: null }, null],
    [{ areaCode: '44', phone: ' ' }, null],
  ])('%j -> %s', (user, shown) => {
    expect(phoneOf(user)).toBe(shown);
  });

  it('shortens wallet addresses', () => {
    expect(shortAddress('0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A')).toBe('0x19E7…ff2A');
    expect(shortAddress('0x1234')).toBe('0x1234');
  });
});
