// The interrupt rules, in tables: stored interrupts and a resume in, the answers or a refusal out.
import type { ResumeEntry } from '@ag-ui/core';
import { describe, expect, it } from 'vitest';
import { answerKey, canonicalJson, checkResume } from './agui-interrupts';
import type { InterruptRecord } from '../storage/store-interrupts';

const NOW = 1_700_000_000_000;

function record(id: string, extra: Partial<InterruptRecord> = {}): InterruptRecord {
  return { id, interrupt: { id, reason: 'tool_call' }, action: { kind: 'restart' }, expiresAt: NOW + 60_000, answer: null, createdAt: NOW - 1000, ...extra };
}
const yes = (id: string): ResumeEntry => ({ interruptId: id, status: 'resolved', payload: { approved: true } });
const cancel = (id: string): ResumeEntry => ({ interruptId: id, status: 'cancelled' });
/** Accepts anything but a payload of "bad". */
const check = (_: unknown, entry: ResumeEntry): string | null => (entry.payload === 'bad' ? 'it is bad' : null);

describe('canonicalJson', () => {
  it.each([
    [{ b: 1, a: [2, { d: 3, c: 4 }] }, '{"a":[2,{"c":4,"d":3}],"b":1}'],
    [{ a: undefined, b: null }, '{"b":null}'],
    ['text', '"text"'],
    [undefined, 'null'],
  ])('%j → %s', (value, text) => expect(canonicalJson(value)).toBe(text));

  it('makes the same answer the same whatever the key order, and leaves metadata out', () => {
    expect(answerKey({ interruptId: 'i', status: 'resolved', payload: { approved: true, editedArgs: { b: 1, a: 2 } } })).toBe(
      answerKey({ interruptId: 'i', status: 'resolved', payload: { editedArgs: { a: 2, b: 1 }, approved: true }, metadata: { sig: 'x' } }),
    );
  });
});

interface Row {
  title: string;
  records: InterruptRecord[];
  resume: ResumeEntry[] | undefined;
  /** The refusal's code, or the ids answered (with `replay` marked by a trailing `*`). */
  expected: string | string[];
}

const ROWS: Row[] = [
  { title: 'no interrupts, no resume: an ordinary run', records: [], resume: undefined, expected: [] },
  { title: 'only answered interrupts, no resume: an ordinary run', records: [record('a', { answer: answerKey(yes('a')) })], resume: [], expected: [] },
  { title: 'an open interrupt and no resume (rule 4)', records: [record('a')], resume: undefined, expected: 'interrupts_pending' },
  { title: 'an open interrupt and an empty resume', records: [record('a')], resume: [], expected: 'interrupts_pending' },
  { title: 'every open interrupt answered', records: [record('a'), record('b')], resume: [yes('b'), cancel('a')], expected: ['b', 'a'] },
  { title: 'one of two answered (rule 3)', records: [record('a'), record('b')], resume: [yes('a')], expected: 'resume_incomplete' },
  { title: 'an id the thread never raised', records: [record('a')], resume: [yes('a'), yes('zzz')], expected: 'unknown_interrupt' },
  { title: 'the same id twice', records: [record('a')], resume: [yes('a'), cancel('a')], expected: 'resume_duplicate' },
  { title: 'an expired interrupt answered', records: [record('a', { expiresAt: NOW })], resume: [yes('a')], expected: 'interrupt_expired' },
  { title: 'an expired interrupt cancelled', records: [record('a', { expiresAt: NOW - 1 })], resume: [cancel('a')], expected: ['a'] },
  { title: 'no expiry at all', records: [record('a', { expiresAt: null })], resume: [yes('a')], expected: ['a'] },
  { title: 'an answer the agent refuses', records: [record('a')], resume: [{ interruptId: 'a', status: 'resolved', payload: 'bad' }], expected: 'invalid_resume_payload' },
  { title: 'the same answer again (idempotent replay)', records: [record('a', { answer: answerKey(yes('a')) })], resume: [yes('a')], expected: ['a*'] },
  { title: 'a different answer to an answered one', records: [record('a', { answer: answerKey(yes('a')) })], resume: [cancel('a')], expected: 'interrupt_already_answered' },
  {
    title: 'a replay beside a new open interrupt that it leaves out',
    records: [record('a', { answer: answerKey(yes('a')) }), record('b')],
    resume: [yes('a')],
    expected: 'resume_incomplete',
  },
];

describe('checkResume', () => {
  it.each(ROWS)('$title', ({ records, resume, expected }) => {
    const result = checkResume(records, resume, NOW, check);
    if (typeof expected === 'string') {
      expect(result).toEqual({ ok: false, code: expected, message: expect.any(String) });
    } else {
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.answers.map((a) => `${a.record.id}${a.replay ? '*' : ''}`)).toEqual(expected);
    }
  });

  it('says what to send: the missing ids, the expiry time, the field the agent named', () => {
    const missing = checkResume([record('int_a'), record('int_b')], [yes('int_a')], NOW, check);
    expect(!missing.ok && missing.message).toContain('"int_b"');
    const expired = checkResume([record('int_a', { expiresAt: NOW - 5000 })], [yes('int_a')], NOW, check);
    expect(!expired.ok && expired.message).toContain(new Date(NOW - 5000).toISOString());
    expect(!expired.ok && expired.message).toContain('"cancelled"');
    const refused = checkResume([record('int_a')], [{ interruptId: 'int_a', status: 'resolved', payload: 'bad' }], NOW, check);
    expect(!refused.ok && refused.message).toContain('it is bad');
  });
});
