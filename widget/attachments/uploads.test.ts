import { describe, expect, it } from 'vitest';
import { attachmentLine, fill, messageWithAttachments, splitUserMessage } from './uploads';
import type { Attachment } from '../types';

describe('attachment lines', () => {
  const cases: { title: string; input: Attachment; expected: string }[] = [
    { title: 'image', input: { type: 'image', url: 'https://hub.example/u/1.png', name: 'cat.png' }, expected: '![cat.png](https://hub.example/u/1.png)' },
    { title: 'audio', input: { type: 'audio', url: 'https://hub.example/u/2', name: 'voice-1.webm' }, expected: '[语音：voice-1.webm](https://hub.example/u/2)' },
    { title: 'file', input: { type: 'file', url: 'https://hub.example/u/3', name: 'report.pdf' }, expected: '[文件：report.pdf](https://hub.example/u/3)' },
    { title: 'brackets and line breaks in a name cannot end the label', input: { type: 'file', url: 'https://h/x', name: 'a]\n(b)[c' }, expected: '[文件：a_ (b)_c](https://h/x)' },
    { title: 'parentheses and spaces in a URL are escaped', input: { type: 'image', url: 'https://h/a (1).png', name: 'a' }, expected: '![a](https://h/a%20%281%29.png)' },
    { title: 'a tab, a line break and a non-ASCII space in a URL are escaped as UTF-8', input: { type: 'file', url: 'https://h/a\tb\nc\u3000d', name: 'x' }, expected: '[文件：x](https://h/a%09b%0Ac%E3%80%80d)' },
    { title: 'no name: the hub widget defaults', input: { type: 'audio', url: 'https://h/x' }, expected: '[语音：录音](https://h/x)' },
  ];
  for (const c of cases) it(c.title, () => expect(attachmentLine(c.input)).toBe(c.expected));

  it('the message is the text, a blank line, then one line per attachment', () => {
    const atts: Attachment[] = [{ type: 'image', url: 'https://h/1', name: 'a.png' }, { type: 'file', url: 'https://h/2', name: 'b.pdf' }];
    expect(messageWithAttachments('Look', atts)).toBe('Look\n\n![a.png](https://h/1)\n[文件：b.pdf](https://h/2)');
    expect(messageWithAttachments('', atts)).toBe('![a.png](https://h/1)\n[文件：b.pdf](https://h/2)');
    expect(messageWithAttachments('Only text', [])).toBe('Only text');
    expect(messageWithAttachments('', [])).toBe('');
  });
});

describe('stripping and reading attachment lines', () => {
  const cases: { title: string; input: string; text: string; atts: Attachment[] }[] = [
    { title: 'text and an image', input: 'What is this?\n\n![cat.png](https://h/u/1)', text: 'What is this?', atts: [{ type: 'image', url: 'https://h/u/1', name: 'cat.png' }] },
    { title: 'an image only', input: '![a](https://h/u/1)', text: '', atts: [{ type: 'image', url: 'https://h/u/1', name: 'a' }] },
    { title: 'voice and file labels in both languages', input: 'Hi\n\n[语音：v.webm](https://h/2)\n[file: r.pdf](http://h/3)\n[附件](https://h/4)', text: 'Hi', atts: [{ type: 'audio', url: 'https://h/2', name: 'v.webm' }, { type: 'file', url: 'http://h/3', name: 'r.pdf' }, { type: 'file', url: 'https://h/4', name: '附件' }] },
    { title: 'an ordinary link stays', input: 'See [the docs](https://h/docs)', text: 'See [the docs](https://h/docs)', atts: [] },
    { title: 'a non-http image is not an attachment', input: 'x ![a](javascript:alert(1))', text: 'x ![a](javascript:alert(1))', atts: [] },
    { title: 'blank lines left behind collapse', input: 'a\n\n![x](https://h/1)\n\n\n\nb', text: 'a\n\nb', atts: [{ type: 'image', url: 'https://h/1', name: 'x' }] },
  ];
  for (const c of cases) {
    it(c.title, () => {
      expect(splitUserMessage(c.input)).toEqual({ text: c.text, atts: c.atts });
    });
  }

  it('a line the widget wrote reads back as the same attachment', () => {
    const att: Attachment = { type: 'file', url: 'https://h/u/9', name: 'q3 report.pdf' };
    const message = messageWithAttachments('Summary please', [att]);
    expect(splitUserMessage(message)).toEqual({ text: 'Summary please', atts: [att] });
  });

  it('an item with its own atts keeps them (the hub sends both)', () => {
    const atts: Attachment[] = [{ type: 'image', url: 'https://h/u/1', name: 'from-server.png' }];
    expect(splitUserMessage('Hi\n\n![x](https://h/u/1)', atts)).toEqual({ text: 'Hi', atts });
  });
});

describe('fill', () => {
  it('fills named slots and leaves unknown ones', () => {
    expect(fill('Too large: images up to {mb} MB', { mb: 6 })).toBe('Too large: images up to 6 MB');
    expect(fill('{a} and {b}', { a: 'x' })).toBe('x and {b}');
  });
});
