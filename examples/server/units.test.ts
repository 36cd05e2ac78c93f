import { describe, expect, it } from 'vitest';
import { isOriginAllowed } from './http/cors';
import { chunkText, demoStreamHints, pickDemoScenario } from './agents/demo-agent';
import { LONG_ANSWER, escapeMarkdown, formatBytes, recapAnswer, receivedAnswer } from './demo/demo-replies';
import { isoSeconds } from './hub/history';
import { RateLimiter } from './http/rate-limit';
import { formatSse, parseLastEventId } from './http/sse-format';
import { buildSystemPrompt } from './agents/system-prompt';

describe('demo scenarios', () => {
  it.each([
    ['What is the weather?', 'tool'],
    ['use a TOOL', 'tool'],
    ['search for shoes', 'tool'],
    ['please fail', 'fail'],
    ['show an Error', 'fail'],
    ['draw a chart', 'chart'],
    ['show me a form', 'form'],
    ['I want a Refund', 'form'],
    ['a booking please', 'form'],
    ['what format is it', 'long'],
    ['drop it', 'drop'],
    ['timeout', 'timeout'],
    ['go slow', 'slow'],
    ['Hello!', 'hello'],
    ['hi', 'hello'],
    ['Show me the math', 'math'],
    ['a formula please', 'math'],
    ['this is thin', 'long'],
    ['show markdown', 'long'],
    ['docs', 'docs'],
    ['Show me the documentation', 'docs'],
    ['search the docs', 'tool'],
    ['files', 'files'],
    ['any attachment?', 'files'],
    ['my profile', 'long'],
    ['recap please', 'recap'],
    ['What did I ask?', 'recap'],
    ['![cat.png](http://127.0.0.1:8787/uploads/u_aaaaaaaaaaaaaaaaaaaaaaaa)', 'received'],
    ['fail this [文件：a.pdf](https://x.example/a)', 'received'],
    ['[a page](https://x.example/)', 'long'],
    ['', 'long'],
  ])('%j → %s', (text, scenario) => {
    expect(pickDemoScenario(text, false)).toBe(scenario);
  });

  it('answers interactions whatever their text', () => {
    expect(pickDemoScenario('[form submitted] {"fail":1}', true)).toBe('interaction');
  });

  it('chunks by code points, never splitting a surrogate pair', () => {
    const chunks = chunkText('ab👋cd'.repeat(5), 4);
    expect(chunks.join('')).toBe('ab👋cd'.repeat(5));
    expect(chunks.every((c) => Array.from(c).length <= 4 && !/[\ud800-\udbff]$/.test(c))).toBe(true);
  });

  it('gives hints only to the recovery demos', () => {
    expect(demoStreamHints('timeout').windowMs).toBe(1500);
    expect(demoStreamHints('drop').dropAfterDeltas).toBe(Math.floor(chunkText(LONG_ANSWER).length / 2));
    expect(demoStreamHints('long')).toEqual({});
  });

  it('has a long answer with every markdown block', () => {
    expect(LONG_ANSWER.length).toBeGreaterThan(3000);
    expect(LONG_ANSWER.length).toBeLessThan(4500);
    const blocks = [/^## /m, /^### /m, /\*\*\w/, /[^*]\*\w[^*]+\*[^*]/, /`[^`\n]+`/, /\]\(https:\/\//, /^1\. /m, /^- /m, /^ {2,}- /m, /^\| --- \|/m, /^```ts$/m, /^```bash$/m, /^> /m];
    for (const block of blocks) expect(LONG_ANSWER).toMatch(block);
  });
});

describe('SSE framing', () => {
  it('formats events with and without ids', () => {
    expect(formatSse({ id: 3, event: 'delta', data: '{"a":1}' })).toBe('id: 3\nevent: delta\ndata: {"a":1}\n\n');
    expect(formatSse({ event: 'ping', data: '{}' })).toBe('event: ping\ndata: {}\n\n');
  });

  it.each([
    [undefined, 0],
    ['12', 12],
    [' 7 ', 7],
    ['-1', 0],
    ['abc', 0],
    ['1e3', 0],
  ])('Last-Event-ID %j → %d', (value, seq) => {
    expect(parseLastEventId(value)).toBe(seq);
  });
});

describe('RateLimiter', () => {
  it('allows a burst, then refills over time', () => {
    const limiter = new RateLimiter(2);
    expect(limiter.take('a', 0)).toEqual({ ok: true });
    expect(limiter.take('a', 0)).toEqual({ ok: true });
    expect(limiter.take('a', 0)).toEqual({ ok: false, retryAfterSeconds: 30 });
    expect(limiter.take('b', 0)).toEqual({ ok: true });
    expect(limiter.take('a', 30_000)).toEqual({ ok: true });
    expect(limiter.take('a', 30_000).ok).toBe(false);
  });
});

describe('origins', () => {
  it('allows listed origins, "*", no Origin and the server itself', () => {
    expect(isOriginAllowed('https://a.example', ['https://a.example'], undefined)).toBe(true);
    expect(isOriginAllowed('https://b.example', ['https://a.example'], undefined)).toBe(false);
    expect(isOriginAllowed('https://b.example', ['*'], undefined)).toBe(true);
    expect(isOriginAllowed(undefined, [], undefined)).toBe(true);
    expect(isOriginAllowed('http://127.0.0.1:8787', [], 'http://127.0.0.1:8787')).toBe(true);
    expect(isOriginAllowed('null', ['https://a.example'], undefined)).toBe(false);
  });
});

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

describe('history times', () => {
  it.each<[number, string]>([
    [Date.UTC(2026, 11, 1, 9, 30, 0, 999), '2026-12-01T09:30:00Z'],
    [Date.UTC(2026, 11, 1, 9, 30, 1, 0), '2026-12-01T09:30:01Z'],
    [0, '1970-01-01T00:00:00Z'],
  ])('%d → %s (ISO, whole seconds, as the hub sends them)', (ms, iso) => {
    expect(isoSeconds(ms)).toBe(iso);
    expect(Date.parse(iso)).toBe(Math.floor(ms / 1000) * 1000);
  });
});

describe('demo reply helpers', () => {
  it.each<[number, string]>([
    [0, '0 bytes'],
    [1023, '1023 bytes'],
    [1024, '1 KB'],
    [12 * 1024 + 400, '12 KB'],
    [1024 * 1024, '1 MB'],
    [1.55 * 1024 * 1024, '1.6 MB'],
  ])('formatBytes(%d) = %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it('quotes visitor text without letting it become markup or a link', () => {
    expect(escapeMarkdown('[x](javascript:alert(1)) **b** <i> ![p](u)')).toBe('\\[x\\]\\(javascript:alert\\(1\\)\\) \\*\\*b\\*\\* \\<i\\> \\!\\[p\\]\\(u\\)');
    expect(recapAnswer(['see [here](https://evil.example)'])).not.toMatch(/\]\(https/);
    expect(receivedAnswer([{ type: 'file', name: 'a](https://evil.example/x.pdf' }], '')).not.toMatch(/\]\(https/);
  });
});

