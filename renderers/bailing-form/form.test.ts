import { describe, expect, it } from 'vitest';
import type { ResponseSummary } from '../../widget/types';
import { lastResponse } from './form';

const response = (extra: Partial<ResponseSummary>): ResponseSummary => ({ type: 'bailing-form', version: 1, source_job_id: 'job', form_id: 'f', ...extra });
const message = (responses: ResponseSummary[]) => ({ jobId: 'job', responses }) as unknown as Parameters<typeof lastResponse>[0];

describe('lastResponse', () => {
  it.each<[string, ResponseSummary[], number | undefined]>([
    ['none', [], undefined],
    ['one to this form', [response({ action: 'submit' })], 0],
    ['the latest of several', [response({ action: 'cancel' }), response({ action: 'submit' })], 1],
    ['one with no source job', [response({ source_job_id: undefined as unknown as string })], 0],
    ['another form', [response({ form_id: 'g' })], undefined],
    ['another message', [response({ source_job_id: 'other' })], undefined],
    ['another type', [response({ type: 'other' })], undefined],
  ])('%s', (_, responses, index) => expect(lastResponse(message(responses), 'f')).toBe(index === undefined ? undefined : responses[index]));
});
