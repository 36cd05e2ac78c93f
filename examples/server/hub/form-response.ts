// `bailing-form` v1 responses (reference 004 "Submission, receipts, and history recovery",
// DESIGN.md §8.1). The client's word is never trusted for the form itself: the form is reloaded
// from the source job's stored reply and validated again with the shared module, the submitted
// values are checked against it, and the agent receives a canonical message built from the
// form's own labels.
import { createHash } from 'node:crypto';
import { Marked, type Token, type Tokens } from 'marked';
import {
  FORM_ID_PATTERN,
  isSubmissionId,
  validateForm,
  validateValues,
  type FieldSpec,
  type FormSpec,
  type FormValue,
} from '../../../renderers/bailing-form/schema';
import { fenceType, isClosedFence } from '../../../widget/markdown/fences';
import { rejectUnknownKeys, isPlainObject } from '../http/fields';
import { HttpError, badRequest } from '../http/http-error';

export const FORM_TYPE = 'bailing-form';
export const FORM_VERSION = 1;

export type FormAction = 'submit' | 'cancel';

const RESPONSE_KEYS = ['type', 'version', 'source_job_id', 'form_id', 'submission_id', 'action', 'values'] as const;

/** A `bailing-form` response as the client sent it, its shape checked (not yet its values). */
export interface FormResponse {
  sourceJobId: string;
  formId: string;
  submissionId: string;
  action: FormAction;
  /** As sent; `{}` for a cancel. */
  values: Record<string, unknown>;
}

/** Checks the keys and types of a `bailing-form` response (400 naming what is wrong). */
export function parseFormResponse(response: Record<string, unknown>): FormResponse {
  rejectUnknownKeys(response, RESPONSE_KEYS, 'interaction_response');
  const field = (key: string): string => `"interaction_response.${key}"`;
  if (response.version !== FORM_VERSION) {
    throw badRequest('invalid_field', `${field('version')} must be ${FORM_VERSION} for ${FORM_TYPE}.`);
  }
  const { form_id: formId, submission_id: submissionId, action, values } = response;
  if (typeof formId !== 'string' || !FORM_ID_PATTERN.test(formId)) {
    throw badRequest('invalid_field', `${field('form_id')} must match ${FORM_ID_PATTERN}.`);
  }
  if (!isSubmissionId(submissionId)) {
    throw badRequest('invalid_field', `${field('submission_id')} must match /^[A-Za-z0-9_-]{8,64}$/.`);
  }
  if (action !== 'submit' && action !== 'cancel') {
    throw badRequest('invalid_field', `${field('action')} must be "submit" or "cancel".`);
  }
  const absent = values === undefined || values === null;
  if (!absent && !isPlainObject(values)) throw badRequest('invalid_field', `${field('values')} must be an object.`);
  if (action === 'submit' && absent) throw badRequest('missing_field', `${field('values')} is required to submit a form.`);
  if (action === 'cancel' && !absent && Object.keys(values as object).length > 0) {
    throw badRequest('invalid_field', `${field('values')} must be absent or empty when cancelling a form.`);
  }
  return {
    sourceJobId: response.source_job_id as string,
    formId,
    submissionId,
    action,
    values: absent ? {} : (values as Record<string, unknown>),
  };
}

const lexer = new Marked({ gfm: true });

/**
 * The `bailing-form` blocks of a reply that a client would mount: closed, fenced (not indented)
 * code blocks whose info string starts with `bailing-form`, at any depth (lists, quotes…).
 */
export const formBlocks = (reply: string): string[] => fencedBlocks(reply, FORM_TYPE);

/** The blocks of renderer `type` a reply holds, as a client would mount them (see formBlocks). */
export function fencedBlocks(reply: string, type: string): string[] {
  let tokens: Token[];
  try {
    tokens = lexer.lexer(reply);
  } catch {
    return [];
  }
  const blocks: string[] = [];
  lexer.walkTokens(tokens, (token) => {
    if (token.type !== 'code') return;
    const code = token as Tokens.Code;
    if (code.codeBlockStyle === 'indented' || fenceType(code.lang) !== type || !isClosedFence(code.raw)) return;
    blocks.push(code.text);
  });
  return blocks;
}

/** The `form_id` a block claims, read leniently so that an invalid form can still be named. */
function claimedFormId(source: string): unknown {
  try {
    const value: unknown = JSON.parse(source);
    return isPlainObject(value) ? value.form_id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The form `formId` of a stored reply, validated: 404 when the reply has no such form, 409 when
 * it has one the widget would not have mounted (invalid, or the id given to more than one form).
 */
export function findForm(reply: string, formId: string): FormSpec {
  const matches = formBlocks(reply).filter((source) => claimedFormId(source) === formId);
  if (matches.length === 0) {
    throw new HttpError(404, 'unknown_form', `The answered message has no form "${formId}".`);
  }
  if (matches.length > 1) {
    throw new HttpError(409, 'invalid_form', `The answered message has more than one form "${formId}".`);
  }
  const check = validateForm(matches[0]);
  if (!check.ok) {
    throw new HttpError(409, 'invalid_form', `The form "${formId}" is not valid: ${check.errors.map((e) => e.message).join('; ')}`);
  }
  return check.form;
}

/** The submitted values, checked against the reloaded form (400 with every reason). */
export function checkValues(form: FormSpec, values: Record<string, unknown>): Record<string, FormValue> {
  const check = validateValues(form, values);
  if (!check.ok) {
    throw badRequest('invalid_values', `The form values are not valid: ${check.errors.map((e) => e.message).join('; ')}`);
  }
  return check.values;
}

/** A value as the visitor chose it: option labels, Yes/No, dates and numbers as given. */
export function displayValue(field: FieldSpec, value: FormValue | undefined): string {
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return '(not answered)';
  switch (field.type) {
    case 'boolean':
      return value === true ? 'Yes' : 'No';
    case 'single_select':
    case 'multi_select': {
      const labelOf = (item: string): string => field.options.find((option) => option.value === item)?.label ?? item;
      return Array.isArray(value) ? value.map(labelOf).join(', ') : labelOf(String(value));
    }
    default:
      // Continuation lines of a multi-line answer stay inside its list item.
      return String(value).replace(/\r?\n/g, '\n  ');
  }
}

/** What the agent reads as the visitor's turn. */
export function canonicalMessage(form: FormSpec, action: FormAction, values: Record<string, FormValue>): string {
  const head = `Form ${JSON.stringify(form.title)} (${form.form_id})`;
  if (action === 'cancel') return `${head} cancelled.`;
  const lines = Object.entries(form.schema).map(([id, field]) => `- ${field.label}: ${displayValue(field, values[id])}`);
  return `${head} submitted:\n${lines.join('\n')}`;
}

/** The identity of a submission's content, to tell a replay from a different answer. */
export function payloadJson(action: FormAction, values: Record<string, FormValue>): string {
  // An empty optional answer sent as '' or [] is the same answer as one left out.
  const answered = Object.entries(values).filter(([, value]) => value !== '' && !(Array.isArray(value) && value.length === 0));
  return JSON.stringify({ action, values: Object.fromEntries(answered) });
}

export const payloadHash = (json: string): string => createHash('sha256').update(json).digest('hex');
