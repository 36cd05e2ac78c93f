// History is derived from jobs: each job is a visitor turn plus, once finished, the answer.
import type { HistoryItem } from '../../widget/types';
import type { AgentTurn } from './agent';
import { interactionLabel, summarizeInteraction } from './interaction';
import type { JobRecord } from './store';

/** Jobs oldest first → history items oldest first, the newest `limit` of them. */
export function toHistory(jobs: readonly JobRecord[], limit: number): HistoryItem[] {
  const items: HistoryItem[] = [];
  for (const job of jobs) {
    // An interaction turn's text carries the submitted values for the agent; history gets its label.
    const user: HistoryItem = { r: 'u', t: job.interaction ? interactionLabel(job.interaction) : job.userText, j: job.id, ts: job.createdAt };
    if (job.interaction) user.interaction = summarizeInteraction(job.interaction);
    items.push(user);
    // A running job has no answer yet; the client is streaming it.
    if (job.status === 'done' || job.status === 'failed') {
      const answer: HistoryItem = { r: 'a', t: job.reply ?? '', j: job.id, ts: job.finishedAt ?? job.createdAt };
      if (job.status === 'failed') answer.err = true;
      items.push(answer);
    }
  }
  return items.slice(-limit);
}

/** What the model sees of the past: finished exchanges only, no error replies. */
export function toAgentHistory(jobs: readonly JobRecord[]): AgentTurn[] {
  const turns: AgentTurn[] = [];
  for (const job of jobs) {
    if (job.status !== 'done' || job.reply === null) continue;
    turns.push({ role: 'user', content: job.userText }, { role: 'assistant', content: job.reply });
  }
  return turns;
}
