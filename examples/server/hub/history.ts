// History is derived from jobs: each job is a visitor turn plus, once it has answered, the answer.
import type { AgentTurn, Reference } from '../agents/agent';
import { extractAttachments, type Attachment } from './attachments';
import { interactionLabel, summarizeInteraction } from './interaction';
import type { JobRecord } from '../storage/store-jobs';

/**
 * One `/thread` item, in the hub's shape `{r, t, j, ts, atts?}`. `interaction` (the summary of
 * a form response) and `refs` (the sources an answer cites) are this server's additions: the hub
 * sends neither, and a widget restores them where they are present.
 */
export interface ThreadItem {
  r: 'u' | 'a';
  t: string;
  j: string;
  /** ISO 8601 in whole seconds, as the hub sends it. */
  ts: string;
  atts?: Attachment[];
  refs?: Reference[];
  interaction?: ReturnType<typeof summarizeInteraction>;
}

/** `2026-12-01T09:30:00.999Z` → `2026-12-01T09:30:00Z`. */
export const isoSeconds = (ms: number): string => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

function item(r: 'u' | 'a', t: string, j: string, ms: number): ThreadItem {
  const out: ThreadItem = { r, t, j, ts: isoSeconds(ms) };
  const atts = extractAttachments(t);
  if (atts.length) out.atts = atts;
  return out;
}

/**
 * Jobs oldest first → items oldest first, the newest `limit` of them. A failed job shows only
 * its visitor turn, as on the hub: the error reply was never an answer.
 */
export function toHistory(jobs: readonly JobRecord[], limit: number): ThreadItem[] {
  const items: ThreadItem[] = [];
  for (const job of jobs) {
    // An interaction turn's text carries the submitted values for the agent; history gets its label.
    if (job.interaction) {
      items.push({ ...item('u', interactionLabel(job.interaction), job.id, job.createdAt), interaction: summarizeInteraction(job.interaction) });
    } else {
      items.push(item('u', job.userText, job.id, job.createdAt));
    }
    // A running job has no answer yet: the client is streaming it.
    if (job.status === 'done') {
      const answer = item('a', job.reply ?? '', job.id, job.finishedAt ?? job.createdAt);
      if (job.references?.length) answer.refs = job.references;
      items.push(answer);
    }
  }
  return items.slice(-limit);
}

/** What the model sees of the past: answered exchanges only, no error replies. */
export function toAgentHistory(jobs: readonly JobRecord[]): AgentTurn[] {
  const turns: AgentTurn[] = [];
  for (const job of jobs) {
    if (job.status !== 'done' || job.reply === null) continue;
    turns.push({ role: 'user', content: job.userText }, { role: 'assistant', content: job.reply });
  }
  return turns;
}
