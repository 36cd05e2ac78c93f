import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_CHARS } from '../contract';
import { responseTurn } from './respond';

describe('responseTurn', () => {
  it.each([
    ['the presentation text, trimmed', { action: 'submit' }, { displayText: '  Booked  ' }, 'Booked'],
    ['the type and action without one', { action: 'submit' }, undefined, 'form: submit'],
    ['"response" without an action', { value: 1 }, undefined, 'form: response'],
    ['the type and action for a blank one', { action: 'go' }, { displayText: '   ' }, 'form: go'],
    ['the type and action for a non-string one', { action: 'go' }, { displayText: 3 as unknown as string }, 'form: go'],
  ])('shows %s', (_, response, presentation, shown) => {
    expect(responseTurn('job-1', 'form', 2, response, presentation, 7).user.t).toBe(shown);
  });

  it('cuts a long presentation text to the message limit', () => {
    const long = 'x'.repeat(MAX_MESSAGE_CHARS + 10);
    expect(responseTurn('job-1', 'form', 1, {}, { displayText: long }, 0).user.t).toHaveLength(MAX_MESSAGE_CHARS);
  });

  it('sends the response named by the widget, and keeps a summary of its string ids', () => {
    const turn = responseTurn('job-1', 'form', 2, { form_id: 'f', submission_id: 's', action: 'a', values: { n: 1 }, version: 9, count: 3 }, undefined, 42);
    expect(turn).toEqual({
      type: 'start',
      request: { interaction: { form_id: 'f', submission_id: 's', action: 'a', values: { n: 1 }, count: 3, type: 'form', version: 2, source_job_id: 'job-1' } },
      user: { r: 'u', t: 'form: a', ts: 42, interaction: { type: 'form', version: 2, source_job_id: 'job-1', form_id: 'f', submission_id: 's', action: 'a' } },
    });
  });

  it('keeps only string ids in the summary', () => {
    expect(responseTurn('j', 't', 1, { form_id: 5, action: null }, undefined, 0).user.interaction).toEqual({ type: 't', version: 1, source_job_id: 'j' });
  });
});
