// The system prompt lists exactly the renderer types the client advertised that this server knows.
import { describe, expect, it } from 'vitest';
import { SANDBOX_THEME_VARS } from '../../../renderers/sandbox/document';
import { buildChatRequest } from './openai-agent';
import { buildAguiChatRequest } from './agui-openai';
import { buildSystemPrompt, openingMessages } from './system-prompt';

describe('system prompt', () => {
  it('lists exactly the advertised renderers', () => {
    const prompt = buildSystemPrompt(['bailing-chart', 'bailing-form', 'custom-x']);
    expect(prompt).toContain('```bailing-chart fence');
    expect(prompt).toContain('```bailing-form fence: a form for the visitor to fill in, as a JSON object (at most 32 KiB) with only these keys:');
    // The form's real limits, so that the model's forms pass the validator.
    for (const rule of ['1 to 12 fields', "'multi_select'", 'at most 2000', 'YYYY-MM-DD', 'button labels 32', 'card numbers']) {
      expect(prompt).toContain(rule);
    }
    // A type the server has no format for is the client's own text: only its declared message names it.
    expect(prompt).not.toContain('custom-x');
    expect(prompt).toContain("- the block types of the page's own, listed in its <page_declared> message.");
    expect(prompt).toContain('never use any other special block type');
    expect(prompt).not.toContain('mermaid');
  });

  it('allows no special blocks when none are advertised', () => {
    const prompt = buildSystemPrompt([]);
    expect(prompt).toContain('GitHub-flavoured markdown');
    expect(prompt).not.toContain('bailing-chart');
    expect(prompt).toMatch(/never for charts, forms/);
  });
});

describe('system prompt: what the model is told about sandbox views', () => {
  const prompt = buildSystemPrompt(['sandbox']);

  it.each([
    // The fields, in the order the renderer uses them, and which are required.
    ['the fields in order', 'initialHeight?, placeholderMessages?, title, summary, css?, html, jsFunctions?, jsExpressions?'],
    ['what is required', 'Required: title, summary and the view itself (html, with jsFunctions and jsExpressions as it needs them)'],
    ['the caps of the text fields', 'title (at most 120 characters)'],
    ['the summary', 'summary (one or two sentences, at most 500 characters'],
    ['the placeholder lines', 'placeholderMessages (at most 8 lines of at most 120 characters'],
    ['the last-resort rule', 'a view is a last resort'],
    ['the network rule', 'no network unless the site\'s owner allowed it'],
    ['keeping it small', 'Keep a view small'],
    ['the send and its limit', 'agent.send({text, ...})'],
    ['the send\'s limit', 'at most 4000 characters as JSON'],
    ['the theme', 'the chat\'s theme as CSS variables on :root: ' + SANDBOX_THEME_VARS.map((name) => `var(${name})`).join(', ')],
    ['the page\'s own variables', 'the page\'s own :root custom properties are there too'],
    ['no secrets', 'never ask for passwords'],
  ])('%s', (_, rule) => {
    expect(prompt).toContain(rule);
  });

  it('says nothing of views, kits or jsx when the client does not draw them', () => {
    const other = buildSystemPrompt(['bailing-form'], { message: true, packs: false, kit: true });
    for (const word of ['sandbox', 'jsx', 'last resort', '--sandbox-']) expect(other).not.toContain(word);
  });

  it('without a kit, jsx is not offered', () => {
    expect(prompt).not.toContain('jsx');
  });

  it('with a kit: jsx is offered in the system message, the kit\'s own line only in the page\'s declared message', () => {
    const kit = 'Acme kit: Preact with Card, Field and Button; write jsx defining function App().';
    const [system, declared] = openingMessages(['sandbox'], { kit });
    expect(system!.role).toBe('system');
    expect(system!.content).toContain('The page declares a kit for sandbox views in its <page_declared> message');
    expect(system!.content).toContain('set jsx (last; leave html, jsFunctions and jsExpressions empty) to JavaScript with JSX defining function App()');
    expect(system!.content).not.toContain('Acme');
    expect(declared).toEqual({ role: 'user', content: `<page_declared>\nThe page's kit for sandbox views (jsx):\n- ${kit}\n</page_declared>` });
    // A kit without the sandbox renderer is not a word of either message.
    expect(JSON.stringify(openingMessages(['bailing-form'], { kit }))).not.toMatch(/Acme|jsx/);
  });

  it('both wires tell it: POST /chat (the hub) and POST /agui (AG-UI)', () => {
    const kit = 'Acme kit: Card, Field, Button.';
    const hub = buildChatRequest('m', { renderers: ['sandbox'], sandboxKit: kit, text: 'hi', history: [] } as never).messages as { role: string; content: string }[];
    const agui = buildAguiChatRequest('m', { renderers: ['sandbox'], sandboxKit: kit, input: { messages: [], tools: [], context: [] } } as never).messages as { role: string; content: string }[];
    for (const messages of [hub, agui]) {
      expect(messages[0]!.content).toContain('a view is a last resort');
      expect(messages[0]!.content).toContain('defining function App()');
      expect(messages[0]!.content).not.toContain('Acme');
      expect(messages[1]).toEqual({ role: 'user', content: `<page_declared>\nThe page's kit for sandbox views (jsx):\n- ${kit}\n</page_declared>` });
    }
  });
});
