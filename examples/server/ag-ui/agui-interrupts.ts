// The AG-UI 1.0 interrupt rules a run is checked against before the agent sees it (pure): the
// thread's stored interrupts, the run's `resume`, the clock. Each refusal is a RUN_ERROR with a
// code and a sentence saying what to send instead.
//
// The rules (AG-UI "Interrupts", contract rules 3 to 8): a thread with open interrupts takes only
// a run whose resume answers every one of them, at once; an answer names an interrupt of this
// thread; an expired interrupt can only be cancelled (a conforming client cancels it to go on);
// an answer must fit what the interrupt asked for; sending the same answer again is safe (it is
// reported, not acted on twice), a different answer to an answered interrupt is refused.
import type { ResumeEntry } from '@ag-ui/core';
import type { ResumeAnswer } from '../agents/agui-agent';
import type { InterruptRecord } from '../storage/store-interrupts';

export type ResumeCheck = { ok: true; answers: ResumeAnswer[] } | { ok: false; code: string; message: string };

/** JSON with sorted object keys: two answers are the same answer whatever order their keys came in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What is compared for idempotency: the status and the payload (metadata is envelope, not answer). */
export const answerKey = (entry: ResumeEntry): string => canonicalJson({ status: entry.status, payload: entry.payload });

const isExpired = (record: InterruptRecord, now: number): boolean => record.expiresAt !== null && record.expiresAt <= now;

const list = (ids: readonly string[]): string => ids.map((id) => `"${id}"`).join(', ');

export function checkResume(
  records: readonly InterruptRecord[],
  resume: readonly ResumeEntry[] | undefined,
  now: number,
  checkAnswer: (action: Readonly<Record<string, unknown>>, entry: ResumeEntry) => string | null,
): ResumeCheck {
  const open = records.filter((record) => record.answer === null);
  const entries = resume ?? [];
  if (entries.length === 0) {
    if (open.length === 0) return { ok: true, answers: [] };
    return {
      ok: false,
      code: 'interrupts_pending',
      message: `This conversation is waiting for an answer to ${list(open.map((r) => r.id))}. Send a resume entry for each of them (status "resolved" with a payload, or "cancelled").`,
    };
  }

  const seen = new Set<string>();
  const answers: ResumeAnswer[] = [];
  for (const entry of entries) {
    if (seen.has(entry.interruptId)) {
      return { ok: false, code: 'resume_duplicate', message: `The resume answers "${entry.interruptId}" more than once.` };
    }
    seen.add(entry.interruptId);
    const record = records.find((r) => r.id === entry.interruptId);
    if (!record) {
      return {
        ok: false,
        code: 'unknown_interrupt',
        message: `This conversation has no interrupt "${entry.interruptId}" to resume${open.length > 0 ? ` (it waits for ${list(open.map((r) => r.id))})` : ''}.`,
      };
    }
    if (record.answer !== null) {
      if (record.answer === answerKey(entry)) {
        answers.push({ record, entry, replay: true });
        continue;
      }
      return {
        ok: false,
        code: 'interrupt_already_answered',
        message: `The interrupt "${record.id}" was already answered differently; an answer cannot be changed.`,
      };
    }
    if (entry.status === 'resolved' && isExpired(record, now)) {
      return {
        ok: false,
        code: 'interrupt_expired',
        message: `The interrupt "${record.id}" expired at ${new Date(record.expiresAt!).toISOString()} and can no longer be answered. Cancel it (status "cancelled") to go on, then ask again.`,
      };
    }
    const wrong = checkAnswer(record.action, entry);
    if (wrong !== null) return { ok: false, code: 'invalid_resume_payload', message: `The answer to "${record.id}" does not fit: ${wrong}` };
    answers.push({ record, entry, replay: false });
  }

  const missing = open.filter((record) => !seen.has(record.id)).map((record) => record.id);
  if (missing.length > 0) {
    return {
      ok: false,
      code: 'resume_incomplete',
      message: `The resume leaves ${list(missing)} unanswered: every open interrupt of this conversation must be answered in the same run.`,
    };
  }
  return { ok: true, answers };
}
