import { describe, expect, it } from 'vitest';
import { parseAguiRequest } from '../ag-ui/agui-request';
import { HttpError } from '../http/http-error';
import { parseJobRequest } from '../hub/job-request';
import { parseSandboxPacks } from './sandbox-packs';
import { openingMessages } from './system-prompt';

const LINE = { name: 'documentSearch', summary: 'documentSearch(query, topK?) searches the docs', docs: 'declare function documentSearch(query: string, topK?: number): Promise<unknown[]>;' };
const refusal = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return `${error.status} ${error.message}`;
    throw error;
  }
  return 'accepted';
};

describe('client_capabilities.sandbox_packs', () => {
  it('absent or null: none; the lines as sent', () => {
    expect(parseSandboxPacks(undefined)).toEqual([]);
    expect(parseSandboxPacks({ renderers: [] })).toEqual([]);
    expect(parseSandboxPacks({ sandbox_packs: null })).toEqual([]);
    expect(parseSandboxPacks({ sandbox_packs: [LINE, { name: 'petstore', summary: 's' }] })).toEqual([LINE, { name: 'petstore', summary: 's', docs: '' }]);
  });

  it.each([
    { title: 'not an array', value: { a: 1 }, error: '400 "client_capabilities.sandbox_packs" must be an array.' },
    { title: 'more than 16', value: Array(17).fill(LINE), error: '400 "client_capabilities.sandbox_packs" must list at most 16 packs.' },
    { title: 'a string item', value: ['documentSearch'], error: '400 "client_capabilities.sandbox_packs[0]" must be an object {name, summary, docs}.' },
    { title: 'a name that is not an identifier', value: [{ ...LINE, name: 'a b' }], error: '400 "client_capabilities.sandbox_packs[0].name" must be a JavaScript identifier.' },
    { title: 'a long summary', value: [{ ...LINE, summary: 'x'.repeat(301) }], error: '400 "client_capabilities.sandbox_packs[0].summary" must be a string of at most 300 characters.' },
    { title: 'long docs', value: [{ ...LINE, docs: 'x'.repeat(6001) }], error: '400 "client_capabilities.sandbox_packs[0].docs" must be a string of at most 6000 characters.' },
  ])('refuses $title with a 400 naming the field', ({ value, error }) => {
    expect(refusal(() => parseSandboxPacks({ sandbox_packs: value }))).toBe(error);
  });

  it('a create-job body and an AG-UI run carry them beside the renderers', () => {
    const job = parseJobRequest({ message: 'hi', client_capabilities: { renderers: ['sandbox'], sandbox_packs: [LINE] } });
    expect([job.renderers, job.sandboxPacks]).toEqual([['sandbox'], [LINE]]);
    const body = (packs: unknown) => ({ threadId: 't', runId: 'r', messages: [], tools: [], context: [], state: null, forwardedProps: { client_capabilities: { renderers: ['sandbox'], sandbox_packs: packs } } });
    expect(parseAguiRequest(body([LINE])).sandboxPacks).toEqual([LINE]);
    expect(refusal(() => parseAguiRequest(body([{ ...LINE, name: 1 }])))).toBe('400 "forwardedProps.client_capabilities.sandbox_packs[0].name" must be a JavaScript identifier.');
  });
});

describe('a model is told what a view may call, in the page\'s declared message', () => {
  it('with the sandbox renderer: each summary and the declarations, outside the system message', () => {
    const [system, declared] = openingMessages(['sandbox'], { packs: [LINE] });
    expect(system!.role).toBe('system');
    expect(system!.content).not.toContain('documentSearch');
    expect(system!.content).toContain('may call the async functions of the site that its <page_declared> message declares');
    expect(declared!.role).toBe('user');
    expect(declared!.content).toContain('- documentSearch(query, topK?) searches the docs');
    expect(declared!.content).toContain('```ts\n' + LINE.docs + '\n```');
  });

  it('without it, or without packs: not a word of them', () => {
    expect(JSON.stringify(openingMessages(['bailing-form'], { packs: [LINE] }))).not.toContain('documentSearch');
    expect(openingMessages(['sandbox'], { packs: [] })).toHaveLength(1);
    expect(openingMessages(['sandbox'], { packs: [] })[0]!.content).not.toContain('async functions of the site');
  });

  it('refuses packs whose summaries and docs together are over what a model is sent, with a 413 naming the limit', () => {
    const packs = Array.from({ length: 6 }, (_, i) => ({ ...LINE, name: `pack${i}`, docs: 'x'.repeat(6000) }));
    expect(refusal(() => parseSandboxPacks({ sandbox_packs: packs }))).toMatch(
      /^413 The packs' summaries and docs \("client_capabilities.sandbox_packs"\): 36\d{3} bytes, more than the 32768 bytes that may be sent to the model\. Install fewer packs/,
    );
    expect(parseSandboxPacks({ sandbox_packs: packs.slice(0, 5) })).toHaveLength(5);
  });
});
