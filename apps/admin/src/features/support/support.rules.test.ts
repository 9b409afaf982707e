import type { SupportMessage } from '@swx/contract';
import { describe, expect, it } from 'vitest';
import {
  cannedProblems,
  cannedText,
  canSend,
  customerName,
  emptyCannedDraft,
  filterFromSearch,
  insertCanned,
  isOverdue,
  isSendKey,
  languageName,
  mergeMessages,
  pageFromSearch,
  readReceiptFor,
  TEXT_MAX,
  waitingLabel,
} from './support.rules';

const NOW = Date.parse('2026-11-21T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;

const message = (
  id: number,
  author: SupportMessage['author'],
  text: string | null = `m${id}`,
): SupportMessage => ({
  id,
  conversationId: 1,
  author,
  staffName: author === 'staff' ? 'kira' : null,
  text,
  image: null,
  createdAt: '2026-11-21T10:00:00.000Z',
});

describe('support rules', () => {
  it.each([
    [0, 'support.waiting.lessThanMinute', {}],
    [59_999, 'support.waiting.lessThanMinute', {}],
    [MIN, 'support.waiting.minutes', { minutes: 1 }],
    [5 * MIN + 30_000, 'support.waiting.minutes', { minutes: 5 }],
    [59 * MIN, 'support.waiting.minutes', { minutes: 59 }],
    [60 * MIN, 'support.waiting.hours', { hours: 1, minutes: 0 }],
    [130 * MIN, 'support.waiting.hours', { hours: 2, minutes: 10 }],
    [24 * 60 * MIN, 'support.waiting.days', { days: 1 }],
    [75 * 60 * MIN, 'support.waiting.days', { days: 3 }],
    // A browser clock behind the server's never shows a negative wait.
    [-5 * MIN, 'support.waiting.lessThanMinute', {}],
  ])('waiting for %i ms: %s %j', (waited, key, values) => {
    expect(waitingLabel(ago(waited), NOW)).toEqual({ key, values });
  });

  it('marks a wait of an hour or more as overdue', () => {
    expect(isOverdue(null, NOW)).toBe(false);
    expect(isOverdue(ago(59 * MIN), NOW)).toBe(false);
    expect(isOverdue(ago(60 * MIN), NOW)).toBe(true);
  });

  it.each([
    // No staff message: nothing to receipt.
    [[message(1, 'customer')], 5, false, null],
    // The customer read up to the latest staff message: it carries "Read".
    [[message(1, 'customer'), message(2, 'staff'), message(3, 'staff')], 3, false, 3],
    [[message(1, 'customer'), message(2, 'staff'), message(3, 'staff')], 9, false, 3],
    // Read the first of two answers only: no receipt yet.
    [[message(1, 'customer'), message(2, 'staff'), message(3, 'staff')], 2, false, null],
    // The customer wrote after the answer: the answer keeps its receipt.
    [[message(2, 'staff'), message(4, 'customer')], 4, false, 2],
    [[message(2, 'staff')], 0, false, null],
    // Visitors are answered by email: no receipts.
    [[message(1, 'visitor'), message(2, 'staff')], 2, true, null],
  ] as const)('read receipt %#', (messages, readUpTo, visitor, expected) => {
    expect(readReceiptFor(messages, readUpTo, visitor)).toBe(expected);
  });

  it.each([
    ['de', 'Hallo'],
    ['ar', 'مرحبا'],
    // No text in that language, or only blanks: English.
    ['ja', 'Hello'],
    ['ko', 'Hello'],
  ])('canned text for %s', (locale, expected) => {
    const reply = { texts: { en: 'Hello', de: 'Hallo', ar: 'مرحبا', ko: '   ' } };
    expect(cannedText(reply, locale)).toBe(expected);
  });

  it('canned text is empty when neither the language nor English exists', () => {
    expect(cannedText({ texts: { de: 'Hallo' } }, 'fr')).toBe('');
  });

  it.each([
    ['', 'Hello', 'Hello'],
    ['   ', 'Hello', 'Hello'],
    ['Hi Ada,', 'Hello', 'Hi Ada,\nHello'],
    ['Hi Ada,  \n', 'Hello', 'Hi Ada,\nHello'],
  ])('inserting a canned reply into %j', (draft, text, expected) => {
    expect(insertCanned(draft, text)).toBe(expected);
  });

  it('never makes a draft longer than a message may be', () => {
    expect(insertCanned('x'.repeat(TEXT_MAX - 3), 'Hello')).toHaveLength(TEXT_MAX);
  });

  it.each([
    ['', false],
    [' \n\t ', false],
    ['ok', true],
    ['x'.repeat(TEXT_MAX), true],
    [` ${'x'.repeat(TEXT_MAX)}\n`, true],
    ['x'.repeat(TEXT_MAX + 1), false],
  ])('can send %j: %s', (text, expected) => {
    expect(canSend(text)).toBe(expected);
  });

  it.each([
    [{ key: 'Enter', shiftKey: false, isComposing: false }, true],
    [{ key: 'Enter', shiftKey: true, isComposing: false }, false],
    [{ key: 'Enter', shiftKey: false, isComposing: true }, false],
    [{ key: 'a', shiftKey: false, isComposing: false }, false],
  ])('send key %j: %s', (event, expected) => {
    expect(isSendKey(event)).toBe(expected);
  });

  it('merges messages by id, oldest first, each once', () => {
    const merged = mergeMessages(
      [message(5, 'customer'), message(7, 'staff')],
      [message(3, 'customer'), message(7, 'staff', 'edited'), message(9, 'customer')],
    );
    expect(merged.map((m) => m.id)).toEqual([3, 5, 7, 9]);
    expect(merged.find((m) => m.id === 7)?.text).toBe('edited');
  });

  it('names the customer, else the visitor, else the conversation', () => {
    const base = { id: 4, username: null, visitorName: null, visitorEmail: null };
    expect(customerName({ ...base, username: 'ada' })).toBe('ada');
    expect(customerName({ ...base, visitorName: 'Bo', visitorEmail: 'bo@x.test' })).toBe('Bo');
    expect(customerName({ ...base, visitorEmail: 'bo@x.test' })).toBe('bo@x.test');
    expect(customerName(base)).toBe('#4');
  });

  it.each([
    [null, 'waiting'],
    ['open', 'open'],
    ['mine', 'mine'],
    ['closed', 'closed'],
    ['all', 'waiting'],
  ] as const)('filter %j is %s', (value, expected) => {
    expect(filterFromSearch(value)).toBe(expected);
  });

  it('reads the page from the address', () => {
    expect(pageFromSearch('3')).toBe(3);
    expect(pageFromSearch('-1')).toBe(1);
    expect(pageFromSearch(null)).toBe(1);
  });

  it('names languages in English', () => {
    expect(languageName('ja')).toBe('Japanese');
    expect(languageName('zh-TW')).toBe('Chinese (Taiwan)');
  });

  it('asks for a title and all 11 languages of a canned reply', () => {
    const draft = emptyCannedDraft();
    expect(Object.keys(cannedProblems(draft))).toHaveLength(12);
    draft.title = 'Greeting';
    for (const locale of Object.keys(draft.texts) as (keyof typeof draft.texts)[]) {
      draft.texts[locale] = 'Hello';
    }
    expect(cannedProblems(draft)).toEqual({});
    draft.texts.ar = 'x'.repeat(TEXT_MAX + 1);
    draft.title = 'x'.repeat(61);
    expect(cannedProblems(draft)).toEqual({
      title: 'support.canned.errors.titleTooLong',
      ar: 'support.canned.errors.textTooLong',
    });
  });
});
