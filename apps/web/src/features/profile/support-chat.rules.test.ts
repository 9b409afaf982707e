import type { SupportMessage } from '@swx/contract';
import { describe, expect, it } from 'vitest';
import { groupByDay, lastId, mergeMessages, receiptOf, unreadCount } from './support-chat.rules';

const msg = (
  id: number,
  author: SupportMessage['author'],
  createdAt = '2026-11-25T10:00:00.000Z',
): SupportMessage => ({
  id,
  conversationId: 1,
  author,
  staffName: null,
  text: `m${id}`,
  image: null,
  createdAt,
});

describe('support chat rules', () => {
  it('merges pages and events by id, oldest first, without duplicates', () => {
    const merged = mergeMessages(
      [msg(3, 'staff'), msg(1, 'customer')],
      [msg(2, 'customer'), msg(3, 'staff')],
    );
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it.each([
    { name: 'nothing sent', messages: [msg(1, 'staff')], readUpTo: 0, expected: null },
    {
      name: 'sent, not read',
      messages: [msg(1, 'customer')],
      readUpTo: 0,
      expected: { messageId: 1, read: false },
    },
    {
      name: 'read by pointer',
      messages: [msg(1, 'customer'), msg(2, 'customer')],
      readUpTo: 2,
      expected: { messageId: 2, read: true },
    },
    {
      name: 'older one read only',
      messages: [msg(1, 'customer'), msg(2, 'customer')],
      readUpTo: 1,
      expected: { messageId: 2, read: false },
    },
    {
      name: 'answered after it',
      messages: [msg(1, 'customer'), msg(2, 'staff')],
      readUpTo: 0,
      expected: { messageId: 1, read: true },
    },
  ])('receipt: $name', ({ messages, readUpTo, expected }) => {
    expect(receiptOf(messages, { staffReadUpTo: readUpTo })).toEqual(expected);
  });

  it('counts staff messages after the read pointer only', () => {
    const list = [msg(1, 'staff'), msg(2, 'customer'), msg(3, 'staff'), msg(4, 'staff')];
    expect(unreadCount(list, 0)).toBe(3);
    expect(unreadCount(list, 3)).toBe(1);
    expect(unreadCount(list, 4)).toBe(0);
    expect(lastId(list)).toBe(4);
    expect(lastId([])).toBe(0);
  });

  it('groups consecutive messages by day', () => {
    const list = [
      msg(1, 'customer', '2026-11-24T10:00:00.000Z'),
      msg(2, 'staff', '2026-11-24T11:00:00.000Z'),
      msg(3, 'customer', '2026-11-25T09:00:00.000Z'),
    ];
    const groups = groupByDay(list, (iso) => iso.slice(0, 10));
    expect(groups.map((g) => [g.day, g.messages.map((m) => m.id)])).toEqual([
      ['2026-11-24', [1, 2]],
      ['2026-11-25', [3]],
    ]);
  });
});
