import { describe, expect, it } from 'vitest';
import { extractAttachments, type Attachment } from './attachments';

const CASES: { title: string; input: string; expected: Attachment[] }[] = [
  { title: 'plain text has none', input: 'Hello there, no links here.', expected: [] },
  {
    title: 'an image with a caption',
    input: 'Look: ![cat.png](https://cdn.example.com/u/cat.png)',
    expected: [{ type: 'image', url: 'https://cdn.example.com/u/cat.png', caption: 'cat.png' }],
  },
  {
    title: 'an image without a caption has no caption key',
    input: '![](http://127.0.0.1:8787/uploads/u_aaaaaaaaaaaaaaaaaaaaaaaa)',
    expected: [{ type: 'image', url: 'http://127.0.0.1:8787/uploads/u_aaaaaaaaaaaaaaaaaaaaaaaa' }],
  },
  {
    title: 'the hub widget’s file link: label prefix, name after the colon',
    input: 'Please read this\n\n[文件：report.docx](https://hub.example.com/media/abc)',
    expected: [{ type: 'file', url: 'https://hub.example.com/media/abc', name: 'report.docx' }],
  },
  {
    title: 'the hub widget’s voice note',
    input: '[语音：录音](https://hub.example.com/media/v1)',
    expected: [{ type: 'audio', url: 'https://hub.example.com/media/v1', name: '录音' }],
  },
  {
    title: 'English label prefixes, either colon',
    input: '[File: notes.txt](https://x.example/a) [voice: memo](https://x.example/b) [Document：spec](https://x.example/c)',
    expected: [
      { type: 'file', url: 'https://x.example/a', name: 'notes.txt' },
      { type: 'audio', url: 'https://x.example/b', name: 'memo' },
      { type: 'file', url: 'https://x.example/c', name: 'spec' },
    ],
  },
  {
    title: 'a prefix without a colon keeps the whole label',
    input: '[附件](https://x.example/a)',
    expected: [{ type: 'file', url: 'https://x.example/a', name: '附件' }],
  },
  {
    title: 'a document by its extension, named by its label',
    input: 'Here is the [Setup guide](http://127.0.0.1:8787/files/acme-setup.pdf).',
    expected: [{ type: 'file', url: 'http://127.0.0.1:8787/files/acme-setup.pdf', name: 'Setup guide' }],
  },
  {
    title: 'extensions are read from the path, not the query, in any case',
    input: '[Q3](https://x.example/Report.XLSX?sig=1#p2) [page](https://x.example/view?file=a.pdf)',
    expected: [{ type: 'file', url: 'https://x.example/Report.XLSX?sig=1#p2', name: 'Q3' }],
  },
  {
    title: 'audio by its extension',
    input: '[listen](https://x.example/clip.m4a) [also](https://x.example/a.oga)',
    expected: [
      { type: 'audio', url: 'https://x.example/clip.m4a', name: 'listen' },
      { type: 'audio', url: 'https://x.example/a.oga', name: 'also' },
    ],
  },
  {
    title: 'an empty label falls back to the file name',
    input: '[](https://x.example/dir/My%20Plan.pdf)',
    expected: [{ type: 'file', url: 'https://x.example/dir/My%20Plan.pdf', name: 'My Plan.pdf' }],
  },
  {
    title: 'ordinary links are not attachments',
    input: 'See the [embed guide](https://docs.example.com/widget/embed) and [home](https://example.com/).',
    expected: [],
  },
  {
    title: 'a link title is skipped',
    input: '[Guide](https://x.example/g.pdf "The guide")',
    expected: [{ type: 'file', url: 'https://x.example/g.pdf', name: 'Guide' }],
  },
  {
    title: 'only http(s) targets count',
    input: '![x](javascript:alert(1)) [文件：a](data:text/html,hi) ![y](/relative.png) [z](ftp://x.example/a.pdf)',
    expected: [],
  },
  {
    title: 'code shows links, it does not send them',
    input: '```md\n![shot](https://x.example/a.png)\n```\nand `[f](https://x.example/b.pdf)` but ![real](https://x.example/c.png)',
    expected: [{ type: 'image', url: 'https://x.example/c.png', caption: 'real' }],
  },
  {
    title: 'an unclosed fence hides the rest',
    input: '~~~\n![a](https://x.example/a.png)',
    expected: [],
  },
  {
    title: 'the same attachment twice is listed once, in order of appearance',
    input: '[a.pdf](https://x.example/a.pdf) ![p](https://x.example/p.png) [again](https://x.example/a.pdf)',
    expected: [
      { type: 'file', url: 'https://x.example/a.pdf', name: 'a.pdf' },
      { type: 'image', url: 'https://x.example/p.png', caption: 'p' },
    ],
  },
  {
    title: 'at most 10 per message',
    input: Array.from({ length: 12 }, (_, i) => `![${i}](https://x.example/${i}.png)`).join(' '),
    expected: Array.from({ length: 10 }, (_, i) => ({ type: 'image' as const, url: `https://x.example/${i}.png`, caption: String(i) })),
  },
];

describe('extractAttachments', () => {
  it.each(CASES)('$title', ({ input, expected }) => {
    expect(extractAttachments(input)).toEqual(expected);
  });
});
