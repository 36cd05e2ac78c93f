// A 60 KB answer in a single delta: the bubble must show all of it, paragraph by paragraph, as
// the markdown renders it (bold markers gone, every numbered word in place).
import { check, startCaseServer, type Check, type FaultContext } from './check';
import { buildPlan, letters, messageFor, renderedParagraphs, type PlanSettings } from './plan';
import { compareParagraphs } from './verify';
import { openWidget } from './widget-page';

export const BIG_DELTA_CHARS = 60 * 1024;
const SETTINGS: PlanSettings = { chars: BIG_DELTA_CHARS, deltaChars: 256 * 1024, intervalMs: 0 };

export async function runBigDeltaCase(ctx: FaultContext): Promise<Check[]> {
  const server = await startCaseServer(ctx, 'big-delta');
  const widget = await openWidget(ctx.browser, server.url);
  try {
    const tag = 'big1';
    const plan = buildPlan(tag, SETTINGS);
    if (plan.deltas.length !== 1) throw new Error(`the plan has ${plan.deltas.length} deltas, not 1`);
    const sentAt = Date.now();
    await widget.ask(messageFor(tag, SETTINGS));
    const [ended] = await widget.waitForEvents(1, 60_000);
    const doneMs = Date.now() - sentAt;
    const problems: string[] = [];
    if (ended?.type !== 'done' || ended.reply !== plan.reply) problems.push(`the answer ended with ${ended?.type}: ${String(ended?.reply ?? ended?.message).slice(0, 160)}`);
    const paragraphs = await widget.lastParagraphs();
    problems.push(...compareParagraphs(paragraphs, renderedParagraphs(plan.reply)));
    const bold = await widget.lastBubble().locator('.bc-body > p > strong').count();
    if (bold !== paragraphs.length) problems.push(`${bold} bold part labels for ${paragraphs.length} paragraphs`);
    const shown = letters((await widget.lastBubble().locator('.bc-body').textContent()) ?? '');
    if (shown !== letters(plan.reply)) problems.push(`the bubble shows ${shown.length} letters, the answer has ${letters(plan.reply).length}`);
    problems.push(...widget.errors.map((e) => `page error: ${e}`));
    return [
      check('a 60 KB answer in one delta is rendered complete', problems, {
        'answer size': `${plan.reply.length.toLocaleString('en-US')} chars, 1 delta`,
        'paragraphs shown': `${paragraphs.length} of ${renderedParagraphs(plan.reply).length}`,
        'send → done': `${doneMs} ms`,
      }),
    ];
  } finally {
    await widget.close();
    await server.stop();
  }
}
