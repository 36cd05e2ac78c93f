import { describe, expect, it } from 'vitest';
import { imagePolicy } from '../markdown/image-origins';
import { attachmentLabel, attachmentView, MAX_ATTACHMENTS, readAttachments } from './attachments';
import type { Attachment } from '../types';

describe('readAttachments', () => {
  const cases: { title: string; input: unknown; expected: unknown }[] = [
    { title: 'not an array', input: 'x', expected: [] },
    {
      title: 'the hub shape',
      input: [{ type: 'file', url: 'https://hub.example.com/files/guide.pdf', name: 'Guide' }, { type: 'image', url: 'https://cdn.example.com/a.png', caption: 'Chart' }],
      expected: [{ type: 'file', url: 'https://hub.example.com/files/guide.pdf', name: 'Guide' }, { type: 'image', url: 'https://cdn.example.com/a.png', caption: 'Chart' }],
    },
    { title: 'an unknown type is a file', input: [{ type: 'video', url: 'https://x.example/v.png' }], expected: [{ type: 'file', url: 'https://x.example/v.png' }] },
    {
      title: 'a missing type is read from the extension',
      input: [{ url: 'https://x.example/a.JPG' }, { url: 'https://x.example/v.webm' }, { url: 'https://x.example/r.pdf' }],
      expected: [{ type: 'image', url: 'https://x.example/a.JPG' }, { type: 'audio', url: 'https://x.example/v.webm' }, { type: 'file', url: 'https://x.example/r.pdf' }],
    },
    {
      title: 'javascript:, data:, relative and non-string URLs are dropped',
      input: [{ type: 'file', url: 'javascript:alert(1)' }, { type: 'image', url: 'data:image/png;base64,AAAA' }, { type: 'file', url: '/relative.pdf' }, { type: 'file', url: 42 }],
      expected: [],
    },
    { title: 'one entry per URL', input: [{ type: 'file', url: 'https://x.example/a' }, { type: 'image', url: 'https://x.example/a' }], expected: [{ type: 'file', url: 'https://x.example/a' }] },
    {
      title: 'a size is kept when it is a positive whole number of bytes',
      input: [{ type: 'file', url: 'https://x.example/a', size: 2048 }, { type: 'file', url: 'https://x.example/b', size: -1 }, { type: 'file', url: 'https://x.example/c', size: '9' }, { type: 'file', url: 'https://x.example/d', size: 1.5 }],
      expected: [{ type: 'file', url: 'https://x.example/a', size: 2048 }, { type: 'file', url: 'https://x.example/b' }, { type: 'file', url: 'https://x.example/c' }, { type: 'file', url: 'https://x.example/d' }],
    },
    { title: 'control characters in names become spaces', input: [{ type: 'file', url: 'https://x.example/a', name: 'a\u0007b' }], expected: [{ type: 'file', url: 'https://x.example/a', name: 'a b' }] },
  ];
  for (const { title, input, expected } of cases) it(title, () => expect(readAttachments(input)).toEqual(expected));

  it(`keeps at most ${MAX_ATTACHMENTS}`, () => {
    expect(readAttachments(Array.from({ length: 30 }, (_, i) => ({ type: 'file', url: `https://x.example/${i}` })))).toHaveLength(MAX_ATTACHMENTS);
  });
});

describe('attachmentView', () => {
  const hub = 'https://hub.example.com';
  const att = (type: Attachment['type'], url: string): Attachment => ({ type, url });
  const cases: { title: string; att: Attachment; listed: string[]; expected: string }[] = [
    { title: "an image on the hub's origin shows", att: att('image', 'https://hub.example.com/uploads/1'), listed: [], expected: 'image' },
    { title: "an image on the hub's origin shows over http too (a local hub)", att: att('image', 'http://127.0.0.1:8787/uploads/1'), listed: [], expected: 'image' },
    { title: 'a remote image from an origin not listed is a link', att: att('image', 'https://cdn.example.com/a.png'), listed: [], expected: 'link' },
    { title: 'a remote https image from a listed origin shows', att: att('image', 'https://cdn.example.com/a.png'), listed: ['https://cdn.example.com', 'http://cdn.example.com'], expected: 'image' },
    { title: 'a remote http image never loads (it would leak the IP in clear)', att: att('image', 'http://cdn.example.com/a.png'), listed: ['https://cdn.example.com', 'http://cdn.example.com'], expected: 'link' },
    { title: 'a file is a link', att: att('file', 'https://docs.example.com/a.pdf'), listed: ['https://cdn.example.com', 'http://cdn.example.com'], expected: 'link' },
    { title: "audio on the hub's origin gets a player", att: att('audio', 'https://hub.example.com/v.webm'), listed: [], expected: 'audio' },
    { title: 'audio from another origin is a link, whatever the image policy', att: att('audio', 'https://cdn.example.com/v.webm'), listed: ['https://cdn.example.com', 'http://cdn.example.com'], expected: 'link' },
    { title: 'a mailto: attachment is not shown', att: att('file', 'mailto:a@example.com'), listed: ['https://cdn.example.com', 'http://cdn.example.com'], expected: 'none' },
    { title: 'a URL the link policy refuses is not shown', att: att('file', 'ftp://x.example/a'), listed: ['https://cdn.example.com', 'http://cdn.example.com'], expected: 'none' },
  ];
  for (const { title, att: a, listed, expected } of cases) {
    const hubOrigin = a.url.startsWith('http://127') ? 'http://127.0.0.1:8787' : hub;
    const policy = { hubOrigin, images: imagePolicy(listed) };
    it(title, () => expect(attachmentView(a, policy)).toBe(expected));
  }
});

describe('attachmentLabel', () => {
  it('uses the name, then the caption, then the last path segment decoded', () => {
    expect(attachmentLabel({ type: 'file', url: 'https://x.example/a.pdf', name: 'Guide' })).toBe('Guide');
    expect(attachmentLabel({ type: 'image', url: 'https://x.example/a.png', caption: 'Chart' })).toBe('Chart');
    expect(attachmentLabel({ type: 'file', url: 'https://x.example/docs/set%20up.pdf' })).toBe('set up.pdf');
    expect(attachmentLabel({ type: 'file', url: 'https://x.example/docs/bad%E0%A4%A.pdf' })).toBe('bad%E0%A4%A.pdf');
  });
});
