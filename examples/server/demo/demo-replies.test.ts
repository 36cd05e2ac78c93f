// The demo replies' helpers: sizes in words, and visitor text quoted without becoming markup.
import { describe, expect, it } from 'vitest';
import { escapeMarkdown, formatBytes, recapAnswer, receivedAnswer } from './demo-replies';

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
