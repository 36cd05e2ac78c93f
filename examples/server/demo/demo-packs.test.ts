import { describe, expect, it } from 'vitest';
import { validateSandboxProps } from '../../../renderers/sandbox/policy';
import { createDemoAgent } from '../agents/demo-agent';
import { demoPackView, DOCS_VIEW, docsSearchView, PETS_VIEW, searchQueryOf } from './demo-packs';
import type { AgentInput, AgentSink } from '../agents/agent';

const SEARCH = [{ name: 'documentSearch' }];
const PETSTORE = [{ name: 'petstore' }];
const STORES = [{ name: 'stores' }];

describe('demoPackView: views that call the page’s packs', () => {
  it.each([
    { text: 'search the docs for refunds', packs: SEARCH, title: 'Search the docs' },
    { text: 'Please search our documentation about API keys?', packs: SEARCH, title: 'Search the docs' },
    { text: 'search the docs', packs: PETSTORE, title: null },
    { text: 'show me the pets', packs: PETSTORE, title: 'Pets in the shop' },
    { text: 'show me the pets', packs: SEARCH, title: null },
    { text: 'search the web', packs: SEARCH, title: null },
    { text: 'list the docs', packs: STORES, title: 'The docs' },
    { text: 'Show me all the documents', packs: STORES, title: 'The docs' },
    { text: 'list the docs', packs: SEARCH, title: null },
    { text: 'search the docs for refunds', packs: [...SEARCH, ...STORES], title: 'Search the docs' },
  ])('$text with $packs.0.name: $title', ({ text, packs, title }) => {
    expect(demoPackView(text, packs)?.view.title ?? null).toBe(title);
  });

  it.each([
    ['search the docs for refunds', 'refunds'],
    ['search the documentation about API keys?', 'API keys'],
    ['search the docs', 'backups'],
  ])('searchQueryOf(%j) = %j', (text, query) => expect(searchQueryOf(text)).toBe(query));

  it('the views are valid sandbox props; the query enters the view’s code as a JSON string only', () => {
    for (const view of [docsSearchView('x"); alert(1); ("'), PETS_VIEW, DOCS_VIEW]) expect(validateSandboxProps(view).ok).toBe(true);
    expect(docsSearchView('x"); alert(1); ("').jsExpressions[0]).toContain('q.value = "x\\"); alert(1); (\\"";');
  });

  it('the demo agent answers with them only where the page advertised the pack and draws sandbox blocks', async () => {
    const agent = createDemoAgent({ deltaDelayMs: 0 });
    const reply = async (input: Partial<AgentInput>) => {
      let done = '';
      const sink: AgentSink = { phase: () => {}, delta: () => {}, reset: () => {}, done: (text) => void (done = text), failed: () => {} };
      await agent({ jobId: 'j', text: 'search the docs for refunds', attachments: [], baseUrl: '', history: [], renderers: ['sandbox'], interaction: null, ...input }, sink, new AbortController().signal);
      return done;
    };
    expect(await reply({ sandboxPacks: [{ name: 'documentSearch', summary: '', docs: '' }] })).toContain('```sandbox\n{\n  "initialHeight": 300');
    expect(await reply({ sandboxPacks: [] })).not.toContain('```sandbox');
    expect(await reply({ sandboxPacks: [{ name: 'documentSearch', summary: '', docs: '' }], renderers: [] })).not.toContain('```sandbox');
  });
});
