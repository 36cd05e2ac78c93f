// The checks checked before they are trusted: a correct stream passes, and a duplicated, a
// lost, a reordered and a changed delta, a wrong `done`, a bubble that shows a chunk twice and a
// refusal without a sentence are each caught. A checker that passes everything would make every
// PASS of the run worthless.
import { buildPlan, renderedParagraphs, type Plan } from './plan';
import { classifyOutcome, compareParagraphs, verifyInterrupted, verifyPrefixes, verifyStream, type ReceivedEvent } from './verify';

function streamOf(plan: Plan, deltas: readonly string[], done: Record<string, unknown> = { done: true, reply: plan.reply }): ReceivedEvent[] {
  const events: ReceivedEvent[] = [{ event: 'open', data: '{"ok":true}' }, { event: 'reset', id: '1', data: '{"seq":1}' }];
  deltas.forEach((text, i) => events.push({ event: 'delta', id: String(i + 2), data: JSON.stringify({ seq: i + 2, text }) }));
  events.push({ event: 'done', data: JSON.stringify(done) });
  return events;
}

/** Problems of the checkers themselves; empty when each one accepts the good case and catches every bad one. */
export function selfTest(): string[] {
  const plan = buildPlan('selftest', { chars: 400, deltaChars: 17, intervalMs: 0 });
  const d = plan.deltas;
  const failures: string[] = [];
  const expectClean = (name: string, problems: string[]): void => {
    if (problems.length) failures.push(`${name}: a correct case was refused (${problems.join('; ')})`);
  };
  const expectCaught = (name: string, problems: string[]): void => {
    if (!problems.length) failures.push(`${name}: not caught`);
  };

  expectClean('stream', verifyStream(streamOf(plan, d), plan));
  expectCaught('duplicated delta', verifyStream(streamOf(plan, [...d.slice(0, 5), d[4]!, ...d.slice(5)]), plan));
  expectCaught('lost delta', verifyStream(streamOf(plan, [...d.slice(0, 5), ...d.slice(6)]), plan));
  expectCaught('reordered deltas', verifyStream(streamOf(plan, [...d.slice(0, 5), d[6]!, d[5]!, ...d.slice(7)]), plan));
  expectCaught('changed delta', verifyStream(streamOf(plan, [...d.slice(0, 5), d[5]!.toUpperCase(), ...d.slice(6)]), plan));
  expectCaught('wrong done.reply', verifyStream(streamOf(plan, d, { done: true, reply: plan.reply.slice(1) }), plan));
  expectCaught('failed done', verifyStream(streamOf(plan, d, { done: true, error: true, reply: plan.reply }), plan));
  const noDone = streamOf(plan, d).slice(0, -1);
  expectCaught('no done', verifyStream(noDone, plan));

  const shown = [d.slice(0, 3).join(''), d.slice(0, 8).join('')];
  expectClean('prefixes', verifyPrefixes(shown, plan.reply));
  expectCaught('a chunk shown twice', verifyPrefixes([d.slice(0, 3).join('') + d[2]!], plan.reply));
  expectCaught('a chunk skipped', verifyPrefixes([d[0]! + d[2]!], plan.reply));

  const paragraphs = renderedParagraphs(plan.reply);
  expectClean('paragraphs', compareParagraphs(paragraphs, paragraphs));
  expectCaught('a paragraph missing', compareParagraphs(paragraphs.slice(1), paragraphs));
  expectCaught('a paragraph cut', compareParagraphs([...paragraphs.slice(0, -1), paragraphs.at(-1)!.slice(0, -3)], paragraphs));

  const refusal = (body: Record<string, unknown>, status = 503) => classifyOutcome({ postStatus: status, postBody: body, events: [], jobId: null }, plan).kind;
  if (refusal({ done: true, error: true, reply: 'Try again soon.', code: 'x' }) !== 'clear-error') failures.push('a refusal shaped as a failed job was not read as a clear error');
  if (refusal({ error: 'Try again soon.', code: 'x' }) !== 'clear-error') failures.push('an {error} refusal was not read as a clear error');
  if (refusal({ error: true }) !== 'broken') failures.push('a refusal without a sentence was read as clear');
  if (refusal({ error: 'fine' }, 200) !== 'broken') failures.push('a 200 without a job was read as a clear error');

  const cut = streamOf(plan, d.slice(0, 6), { done: true, error: true, reply: 'restarted' });
  expectClean('interrupted', verifyInterrupted(cut, plan, 'restarted').problems);
  expectCaught('interrupted, duplicated', verifyInterrupted(streamOf(plan, [...d.slice(0, 6), d[5]!], { done: true, error: true, reply: 'restarted' }), plan, 'restarted').problems);
  expectCaught('interrupted, not cut', verifyInterrupted(streamOf(plan, d, { done: true, error: true, reply: 'restarted' }), plan, 'restarted').problems);
  return failures;
}
