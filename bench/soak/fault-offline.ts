// The browser's network dropped for 5 s mid-answer, then back: the widget must resume the stream
// (Last-Event-ID) or recover the answer, and show the complete answer with each delta once.
// The drop is `context.setOffline(true)` (no request gets out) together with a reset of the
// page's connections at a relay in front of the server (relay.ts: offline emulation alone lets
// the open stream go on). A drop that never cut the stream would prove nothing, so the case
// also requires that the stream was opened again.
import { check, startCaseServer, type Check, type FaultContext } from './check';
import { buildPlan, letters, messageFor, renderedParagraphs, type PlanSettings } from './plan';
import { startRelay } from './relay';
import { compareParagraphs, verifyPrefixes } from './verify';
import { openWidget } from './widget-page';

/** About 8 s of answer, so it is still streaming when the network comes back. */
const SETTINGS: PlanSettings = { chars: 6000, deltaChars: 30, intervalMs: 40 };
export const OFFLINE_MS = 5_000;
const DROP_AT_FRACTION = 0.15;

export async function runOfflineCase(ctx: FaultContext): Promise<Check[]> {
  const server = await startCaseServer(ctx, 'offline');
  const relay = await startRelay(server.port);
  const widget = await openWidget(ctx.browser, relay.url);
  try {
    const tag = 'offline1';
    const plan = buildPlan(tag, SETTINGS);
    await widget.ask(messageFor(tag, SETTINGS));
    await widget.waitForShownLetters(Math.round(letters(plan.reply).length * DROP_AT_FRACTION), 30_000);
    await widget.context.setOffline(true);
    const cut = relay.cut();
    const offlineAt = Date.now();
    // The fault itself lasts this long: the network is down for 5 s whatever happens meanwhile.
    await new Promise((resolve) => setTimeout(resolve, OFFLINE_MS));
    relay.restore();
    await widget.context.setOffline(false);
    const onlineAt = Date.now();
    const [ended] = await widget.waitForEvents(1, 60_000);
    const doneAfterOnlineMs = Date.now() - onlineAt;

    const problems: string[] = [];
    if (ended?.type !== 'done' || ended.reply !== plan.reply) problems.push(`the answer ended with ${ended?.type}: ${String(ended?.reply ?? ended?.message).slice(0, 160)}`);
    const snaps = (await widget.snapshots()).filter((s) => s.bubble === 1);
    if (snaps.some((s) => s.error)) problems.push('the bubble showed an error');
    problems.push(...verifyPrefixes(snaps.filter((s) => !s.error).map((s) => s.text), plan.reply));
    problems.push(...compareParagraphs(await widget.lastParagraphs(), renderedParagraphs(plan.reply)));
    const jobId = widget.eventsRequests[0]?.jobId;
    const requests = widget.eventsRequests.filter((r) => r.jobId === jobId);
    const duringDrop = requests.filter((r) => r.at >= offlineAt && r.at < onlineAt);
    if (requests.length < 2) problems.push('the stream was never opened again: the drop did not cut it, so nothing was tested');
    if (!requests.slice(1).some((r) => r.lastEventId !== null)) problems.push('no reconnect sent Last-Event-ID');
    problems.push(...widget.errors.map((e) => `page error: ${e}`));
    return [
      check('network dropped for 5 s mid-stream: the answer completes, each delta once', problems, {
        'stream requests (with Last-Event-ID)': `${requests.length} (${requests.filter((r) => r.lastEventId !== null).length})`,
        'connections reset at the drop': cut,
        'stream requests while offline (refused at the relay)': `${duringDrop.length} (${relay.refused()})`,
        'online → answer done': `${Math.round(doneAfterOnlineMs)} ms`,
      }),
    ];
  } finally {
    await widget.close();
    await relay.close();
    await server.stop();
  }
}
