// A renderer's response (its `respond`) as the next user turn: the interaction_response sent,
// named by the widget (type, version, source job: DESIGN.md §7), and the visitor's row that stands
// for it (a short text and a summary kept in the history).

import { MAX_MESSAGE_CHARS } from '../contract';
import type { ResponsePresentation, ResponseSummary } from '../types';
import type { ConversationInput } from './state';

/** The turn that carries `response` of renderer `type` (`version`) in answer `sourceJobId`, asked at `now`. */
export function responseTurn(sourceJobId: string, type: string, version: number, response: Record<string, unknown>, presentation: ResponsePresentation | undefined, now: number): ConversationInput & { type: 'start' } {
  const interaction = { ...response, type, version, source_job_id: sourceJobId };
  const summary: ResponseSummary = {
    type,
    version,
    source_job_id: sourceJobId,
    ...pickStrings(response, ['form_id', 'submission_id', 'action']),
  };
  const displayText = typeof presentation?.displayText === 'string' && presentation.displayText.trim()
    ? presentation.displayText.trim().slice(0, MAX_MESSAGE_CHARS)
    : `${type}: ${typeof response.action === 'string' ? response.action : 'response'}`;
  return { type: 'start', request: { interaction }, user: { r: 'u', t: displayText, ts: now, interaction: summary } };
}

function pickStrings(source: Record<string, unknown>, keys: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of keys) if (typeof source[key] === 'string') out[key] = source[key] as string;
  return out;
}
