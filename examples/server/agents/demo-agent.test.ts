// The demo agent's pure pieces, in tables: which scenario a message picks, how answers are cut in
// pieces, which scenarios get stream hints, and the long answer's markdown.
import { describe, expect, it } from 'vitest';
import { LONG_ANSWER } from '../demo/demo-replies';
import { chunkText, demoStreamHints, pickDemoScenario } from './demo-agent';

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
