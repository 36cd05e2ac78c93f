// Turns an `interaction_response` (a renderer's `respond`, DESIGN.md §7) into the next user turn.
// Every response is bounded (depth, size) and checked for its envelope and its source job. Only
// `bailing-form` and `a2ui` are accepted, each checked against what it answers, reloaded from the
// source reply (a2ui-response.ts for surfaces): a form becomes a canonical message and is
// deduplicated by its `submission_id`. Any other type would reach the agent as the client's raw
// JSON, past every limit a message has, so it is refused.
import type { ResponseSummary } from '../../../widget/types';
import {
  FORM_TYPE,
  FORM_VERSION,
  canonicalMessage,
  checkValues,
  findForm,
  parseFormResponse,
  payloadHash,
  payloadJson,
} from './form-response';
import { HttpError, badRequest } from '../http/http-error';
import { resolveA2uiResponse } from './a2ui-response';
import { JOB_ID_PATTERN, MAX_INTERACTION_BYTES, MAX_INTERACTION_DEPTH, RENDERER_TYPE_PATTERN } from '../settings/limits';
import type { Store } from '../storage/store';
import { A2UI_TYPE, findSourceJob, type InteractionScope, type ResolvedInteraction } from './source-job';

/** The types whose responses this server can check against what they answer. */
export const ACCEPTED_INTERACTION_TYPES: readonly string[] = [FORM_TYPE, A2UI_TYPE];

/** True when objects and arrays nest deeper than `max` (the value itself is level 1). No recursion. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth > max) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}

/** Depth first (so that serializing cannot recurse far), then the size as JSON in UTF-8 bytes. */
export function checkBounds(response: Record<string, unknown>): void {
  if (nestsDeeperThan(response, MAX_INTERACTION_DEPTH)) {
    throw badRequest('interaction_too_deep', `"interaction_response" is nested more than ${MAX_INTERACTION_DEPTH} levels deep.`);
  }
  if (Buffer.byteLength(JSON.stringify(response), 'utf8') > MAX_INTERACTION_BYTES) {
    throw badRequest('interaction_too_large', `"interaction_response" is larger than ${MAX_INTERACTION_BYTES} bytes.`);
  }
}

export function checkEnvelope(response: Record<string, unknown>): void {
  const { type, version, source_job_id: source } = response;
  if (typeof type !== 'string' || !RENDERER_TYPE_PATTERN.test(type)) {
    throw badRequest('invalid_field', `"interaction_response.type" must match ${RENDERER_TYPE_PATTERN}.`);
  }
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw badRequest('invalid_field', '"interaction_response.version" must be a positive integer.');
  }
  if (typeof source !== 'string' || !JOB_ID_PATTERN.test(source)) {
    throw badRequest('invalid_field', '"interaction_response.source_job_id" must be a job id.');
  }
}

export function resolveInteraction(store: Store, scope: InteractionScope, response: Record<string, unknown>): ResolvedInteraction {
  checkBounds(response);
  checkEnvelope(response);
  if (!ACCEPTED_INTERACTION_TYPES.includes(response.type as string)) {
    throw badRequest(
      'unsupported_interaction',
      `This server accepts only ${ACCEPTED_INTERACTION_TYPES.map((t) => JSON.stringify(t)).join(' and ')} responses in "interaction_response" (got ${JSON.stringify(response.type)}).`,
    );
  }
  return response.type === A2UI_TYPE ? resolveA2uiResponse(store, scope, response) : resolveFormResponse(store, scope, response);
}

/**
 * A `bailing-form` v1 response: the form comes from the stored source reply, never from the
 * client; a submission id is accepted once (a replay of the same content gets the same job, other
 * content a 409), and a form is answered once.
 */
function resolveFormResponse(store: Store, scope: InteractionScope, response: Record<string, unknown>): ResolvedInteraction {
  const parsed = parseFormResponse(response);
  const source = findSourceJob(store, scope, parsed.sourceJobId);
  const form = findForm(source.reply ?? '', parsed.formId);
  const values = parsed.action === 'submit' ? checkValues(form, parsed.values) : {};
  const payload = payloadJson(parsed.action, values);
  const hash = payloadHash(payload);

  const earlier = store.findSubmission(scope.entry, scope.visitorId, parsed.submissionId);
  if (earlier) {
    const same = earlier.sourceJobId === parsed.sourceJobId && earlier.formId === parsed.formId && earlier.payloadHash === hash;
    const job = same ? store.getJob(earlier.jobId) : undefined;
    if (!job) {
      throw new HttpError(409, 'submission_conflict', 'This submission_id was already used for a different response.');
    }
    return { replay: job };
  }
  if (store.submissionForForm(parsed.sourceJobId, parsed.formId)) {
    throw new HttpError(409, 'already_responded', 'This form has already been answered.');
  }

  const interaction: Record<string, unknown> = {
    type: FORM_TYPE,
    version: FORM_VERSION,
    source_job_id: parsed.sourceJobId,
    form_id: parsed.formId,
    submission_id: parsed.submissionId,
    action: parsed.action,
  };
  if (parsed.action === 'submit') interaction.values = values;
  return {
    userText: canonicalMessage(form, parsed.action, values),
    interaction,
    submission: {
      submissionId: parsed.submissionId,
      entry: scope.entry,
      visitorId: scope.visitorId,
      sourceJobId: parsed.sourceJobId,
      formId: parsed.formId,
      action: parsed.action,
      payload,
      payloadHash: hash,
    },
  };
}

/**
 * The visitor's side of a response as history shows it: what was done, never the values. (Rows
 * of other types come from databases written before only forms were accepted.)
 */
export function interactionLabel(interaction: Record<string, unknown>): string {
  if (interaction.type === FORM_TYPE) return interaction.action === 'cancel' ? 'Form cancelled' : 'Form submitted';
  if (interaction.type === A2UI_TYPE) return typeof interaction.action === 'string' ? `Chose “${interaction.action}”` : 'Used the interface';
  return interaction.action === 'cancel' ? '[form cancelled]' : '[form submitted]';
}

/** What history may show of a response: its identity, never the submitted values. */
export function summarizeInteraction(interaction: Record<string, unknown>): ResponseSummary {
  const summary: { -readonly [K in keyof ResponseSummary]: ResponseSummary[K] } = {
    type: interaction.type as string,
    version: interaction.version as number,
    source_job_id: interaction.source_job_id as string,
  };
  for (const key of ['form_id', 'submission_id', 'action'] as const) {
    if (typeof interaction[key] === 'string') summary[key] = interaction[key] as string;
  }
  return summary;
}
