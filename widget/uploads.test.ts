import { describe, expect, it } from 'vitest';
import {
  attachmentLine,
  attachmentsIn,
  classifyFile,
  fill,
  messageWithAttachments,
  mimeFor,
  parseUploadResponse,
  refusalText,
  splitUserMessage,
  stripAttachmentLines,
  UPLOAD_ACCEPT,
  UPLOAD_LIMIT_MB,
  type Classified,
  type FileFacts,
} from './uploads';
import type { Attachment } from './types';
import { en } from './ui/i18n';
import { strings as zh } from './ui/i18n-zh-CN';

const MB = 1024 * 1024;
const file = (name: string, type: string, size = 1000): FileFacts => ({ name, type, size });

describe('classifyFile', () => {
  const cases: { title: string; input: FileFacts; forced?: 'audio'; expected: Classified }[] = [
    { title: 'a PNG is an image', input: file('a.png', 'image/png'), expected: { ok: true, kind: 'image', mime: 'image/png' } },
    { title: 'a JPEG at exactly 6 MB is taken', input: file('a.jpg', 'image/jpeg', 6 * MB), expected: { ok: true, kind: 'image', mime: 'image/jpeg' } },
    { title: 'an image one byte over 6 MB is too large', input: file('a.jpg', 'image/jpeg', 6 * MB + 1), expected: { ok: false, reason: 'size', kind: 'image' } },
    { title: 'audio up to 12 MB', input: file('a.mp3', 'audio/mpeg', 12 * MB), expected: { ok: true, kind: 'audio', mime: 'audio/mpeg' } },
    { title: 'audio over 12 MB', input: file('a.mp3', 'audio/mpeg', 12 * MB + 1), expected: { ok: false, reason: 'size', kind: 'audio' } },
    { title: 'a PDF is a file, up to 20 MB', input: file('r.pdf', 'application/pdf', 20 * MB), expected: { ok: true, kind: 'file', mime: 'application/pdf' } },
    { title: 'a PDF over 20 MB', input: file('r.pdf', 'application/pdf', 20 * MB + 1), expected: { ok: false, reason: 'size', kind: 'file' } },
    { title: 'a .docx without a browser type gets the Office type', input: file('cv.docx', ''), expected: { ok: true, kind: 'file', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' } },
    { title: 'a .jsonl without a type', input: file('log.JSONL', ''), expected: { ok: true, kind: 'file', mime: 'application/x-ndjson' } },
    { title: 'a .tsv without a type (table, not the extension list)', input: file('t.tsv', ''), expected: { ok: true, kind: 'file', mime: 'text/tab-separated-values' } },
    { title: 'a CSV typed by the browser', input: file('t.csv', 'text/csv'), expected: { ok: true, kind: 'file', mime: 'text/csv' } },
    { title: 'an Excel sheet (vnd.)', input: file('t.xls', 'application/vnd.ms-excel'), expected: { ok: true, kind: 'file', mime: 'application/vnd.ms-excel' } },
    { title: 'a zip', input: file('a.zip', 'application/x-zip-compressed'), expected: { ok: true, kind: 'file', mime: 'application/x-zip-compressed' } },
    { title: 'an unknown type with a document extension counts by its name', input: file('notes.md', 'application/octet-stream'), expected: { ok: true, kind: 'file', mime: 'application/octet-stream' } },
    { title: 'an executable is refused', input: file('setup.exe', 'application/x-msdownload'), expected: { ok: false, reason: 'type' } },
    { title: 'a file with no type and no known extension is refused', input: file('README', ''), expected: { ok: false, reason: 'type' } },
    { title: 'a video is refused', input: file('v.mp4', 'video/mp4'), expected: { ok: false, reason: 'type' } },
    { title: 'an empty file is refused', input: file('a.png', 'image/png', 0), expected: { ok: false, reason: 'empty' } },
    { title: 'a recording is audio whatever its type says', input: file('voice.webm', 'video/webm', 5000), forced: 'audio', expected: { ok: true, kind: 'audio', mime: 'video/webm' } },
  ];
  for (const c of cases) it(c.title, () => expect(classifyFile(c.input, c.forced)).toEqual(c.expected));

  it('uses the hub limits', () => expect(UPLOAD_LIMIT_MB).toEqual({ image: 6, audio: 12, file: 20 }));
  it("offers the hub widget's accept list, no more and no less", () => {
    const hub = 'image/png,image/jpeg,image/webp,image/gif,text/plain,text/markdown,text/csv,text/tab-separated-values,text/html,text/xml,text/yaml,text/x-log,text/x-ini,text/x-conf,application/json,application/x-ndjson,application/xml,application/yaml,application/x-yaml,application/sql,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-powerpoint,application/vnd.openxmlformats-officedocument.presentationml.presentation,application/zip,application/x-rar-compressed,application/x-7z-compressed,.txt,.md,.markdown,.csv,.tsv,.json,.jsonl,.xml,.html,.htm,.log,.ini,.conf,.sql,.yaml,.yml,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.zip,.rar,.7z';
    const accept = UPLOAD_ACCEPT.split(',');
    expect(new Set(accept).size).toBe(accept.length);
    expect([...accept].sort()).toEqual(hub.split(',').sort());
  });
  it('every type the picker offers is one the classifier takes', () => {
    for (const entry of UPLOAD_ACCEPT.split(',')) {
      const input = entry.startsWith('.') ? file(`x${entry}`, '') : file('x', entry);
      expect(classifyFile(input).ok, entry).toBe(true);
    }
  });
  it('mimeFor keeps the browser type', () => expect(mimeFor({ name: 'a.txt', type: 'text/x-custom' })).toBe('text/x-custom'));
});

describe('attachment lines', () => {
  const cases: { title: string; input: Attachment; expected: string }[] = [
    { title: 'image', input: { type: 'image', url: 'https://hub.example/u/1.png', name: 'cat.png' }, expected: '![cat.png](https://hub.example/u/1.png)' },
    { title: 'audio', input: { type: 'audio', url: 'https://hub.example/u/2', name: 'voice-1.webm' }, expected: '[语音：voice-1.webm](https://hub.example/u/2)' },
    { title: 'file', input: { type: 'file', url: 'https://hub.example/u/3', name: 'report.pdf' }, expected: '[文件：report.pdf](https://hub.example/u/3)' },
    { title: 'brackets and line breaks in a name cannot end the label', input: { type: 'file', url: 'https://h/x', name: 'a]\n(b)[c' }, expected: '[文件：a_ (b)_c](https://h/x)' },
    { title: 'parentheses and spaces in a URL are escaped', input: { type: 'image', url: 'https://h/a (1).png', name: 'a' }, expected: '![a](https://h/a%20%281%29.png)' },
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
      expect(stripAttachmentLines(c.input)).toBe(c.text);
      expect(attachmentsIn(c.input)).toEqual(c.atts);
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

describe('parseUploadResponse', () => {
  const sent = { name: 'cat.png', kind: 'image' as const };
  const cases: { title: string; input: unknown; expected: Attachment | string }[] = [
    { title: "the hub's answer", input: { ok: true, url: 'https://hub/u/1', name: 'cat.png', type: 'image' }, expected: { type: 'image', url: 'https://hub/u/1', name: 'cat.png' } },
    { title: 'type as a mime type is read as its kind', input: { ok: true, url: 'http://hub/u/1', name: 'r.pdf', type: 'application/pdf' }, expected: { type: 'file', url: 'http://hub/u/1', name: 'r.pdf' } },
    { title: 'no type: the kind of what was sent', input: { url: 'https://hub/u/1' }, expected: { type: 'image', url: 'https://hub/u/1', name: 'cat.png' } },
    { title: 'an unknown type: the kind of what was sent', input: { url: 'https://hub/u/1', type: 'video' }, expected: { type: 'image', url: 'https://hub/u/1', name: 'cat.png' } },
    { title: 'a hub-relative path is resolved against the hub', input: { ok: true, url: '/media/1.png', type: 'image' }, expected: { type: 'image', url: 'https://hub.example/media/1.png', name: 'cat.png' } },
    { title: 'a protocol-relative URL is refused', input: { url: '//evil.example/x' }, expected: '"url" must be an http(s) URL' },
    { title: 'a javascript: URL is refused', input: { url: 'javascript:alert(1)' }, expected: '"url" must be an http(s) URL' },
    { title: 'a data: URL is refused', input: { url: 'data:image/png;base64,AAAA' }, expected: '"url" must be an http(s) URL' },
    { title: 'no URL', input: { ok: true, name: 'x' }, expected: '"url" must be an http(s) URL' },
    { title: 'ok false', input: { ok: false, url: 'https://hub/u/1' }, expected: '"ok" is false' },
    { title: 'not an object', input: ['https://hub/u/1'], expected: 'expected a JSON object' },
  ];
  for (const c of cases) it(c.title, () => expect(parseUploadResponse(c.input, sent, 'https://hub.example/base')).toEqual(c.expected));
});

describe('refusalText', () => {
  const cases: { input: Parameters<typeof refusalText>[0]; en: string; zh: string }[] = [
    { input: { reason: 'size', kind: 'image' }, en: 'Too large: images up to 6 MB', zh: '文件过大：图片最大 6 MB' },
    { input: { reason: 'size', kind: 'audio' }, en: 'Too large: voice notes and audio up to 12 MB', zh: '文件过大：语音和音频最大 12 MB' },
    { input: { reason: 'size', kind: 'file' }, en: 'Too large: files up to 20 MB', zh: '文件过大：文件最大 20 MB' },
    { input: { reason: 'type' }, en: en.unsupportedFile, zh: zh.unsupportedFile },
    { input: { reason: 'empty' }, en: 'The file is empty', zh: '文件是空的' },
  ];
  for (const c of cases) {
    it(`${JSON.stringify(c.input)} says what was wrong`, () => {
      expect(refusalText(c.input, en)).toBe(c.en);
      expect(refusalText(c.input, zh)).toBe(c.zh);
    });
  }
});

describe('fill', () => {
  it('fills named slots and leaves unknown ones', () => {
    expect(fill('Too large: images up to {mb} MB', { mb: 6 })).toBe('Too large: images up to 6 MB');
    expect(fill('{a} and {b}', { a: 'x' })).toBe('x and {b}');
  });
});
