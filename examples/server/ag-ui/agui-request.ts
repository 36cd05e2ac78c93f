// Validation of `POST /agui/:entry` bodies (pure): a RunAgentInput as AG-UI 1.0 defines it,
// checked with @ag-ui/core's own schema, and the keys this server reads from `forwardedProps` —
// the same ones a BailingHub body carries: `ticket`, `visitor_id`, `client_capabilities`. A
// refusal is a 400 that names the field.
import type { RunAgentInput } from '@ag-ui/core';
import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import { isPlainObject } from '../http/fields';
import { badRequest } from '../http/http-error';
import { parseCapabilities, parseSandboxKit } from '../hub/job-request';
import { parseSandboxPacks, type SandboxPackLine } from '../agents/sandbox-packs';
import { checkContextBytes, checkNewMessages, checkToolsBytes } from '../agents/model-budget';
import { AGUI_ID_PATTERN, MAX_TICKET_CHARS, VISITOR_ID_PATTERN } from '../settings/limits';

export interface AguiRequest {
  input: RunAgentInput;
  /** `forwardedProps.ticket`: a signed visitor ticket, for entries that check them. */
  ticket: string | undefined;
  /** `forwardedProps.visitor_id`: the widget's anonymous visitor id, when it sends one. */
  visitorId: string | undefined;
  /** `forwardedProps.client_capabilities.renderers`. */
  renderers: string[];
  /** `forwardedProps.client_capabilities.sandbox_packs`. */
  sandboxPacks: SandboxPackLine[];
  /** `forwardedProps.client_capabilities.sandbox_kit`. */
  sandboxKit: string | undefined;
}

/** `messages[2].content` for zod's `['messages', 2, 'content']`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const key of path) text += typeof key === 'number' ? `[${key}]` : text === '' ? String(key) : `.${String(key)}`;
  return text;
}

export function parseAguiRequest(body: unknown): AguiRequest {
  const parsed = RunAgentInputSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? `"${fieldPath(issue.path)}"` : 'the body';
    throw badRequest('invalid_run_input', `The request body is not a valid AG-UI RunAgentInput: ${where}: ${issue.message}.`);
  }
  const input = parsed.data as RunAgentInput;
  for (const key of ['threadId', 'runId'] as const) {
    if (!AGUI_ID_PATTERN.test(input[key])) {
      throw badRequest('invalid_run_input', `"${key}" must be 1 to 128 visible ASCII characters (no spaces).`);
    }
  }
  // What a model would be sent of the run, bounded before anything is sent (413 naming the part).
  checkNewMessages(input.messages);
  checkContextBytes(input.context);
  checkToolsBytes(input.tools);
  // forwardedProps is the application's: keys this server does not read are left alone.
  const props: Record<string, unknown> = isPlainObject(input.forwardedProps) ? input.forwardedProps : {};
  return {
    input,
    ticket: parseTicket(props.ticket),
    visitorId: parseVisitorId(props.visitor_id),
    renderers: parseCapabilities(props.client_capabilities, 'forwardedProps.client_capabilities'),
    sandboxPacks: parseSandboxPacks(props.client_capabilities, 'forwardedProps.client_capabilities'),
    sandboxKit: parseSandboxKit(props.client_capabilities, 'forwardedProps.client_capabilities'),
  };
}

function parseTicket(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || value.length > MAX_TICKET_CHARS) {
    throw badRequest('invalid_field', `"forwardedProps.ticket" must be a string of at most ${MAX_TICKET_CHARS} characters.`);
  }
  return value;
}

function parseVisitorId(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !VISITOR_ID_PATTERN.test(value)) {
    throw badRequest('invalid_field', `"forwardedProps.visitor_id" must match ${VISITOR_ID_PATTERN}.`);
  }
  return value;
}
