import { describe, expect, it } from 'vitest';
import { classifyFile, mimeFor, refusalText, UPLOAD_ACCEPT, UPLOAD_LIMIT_MB, type Classified, type FileFacts } from './upload-policy';
import { strings as zh } from '../ui/i18n/zh-CN';
import { UPLOAD_EN } from './uploader-strings';

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

describe('refusalText', () => {
  const cases: { input: Parameters<typeof refusalText>[0]; en: string; zh: string }[] = [
    { input: { reason: 'size', kind: 'image' }, en: 'Too large: images up to 6 MB', zh: '文件过大：图片最大 6 MB' },
    { input: { reason: 'size', kind: 'audio' }, en: 'Too large: voice notes and audio up to 12 MB', zh: '文件过大：语音和音频最大 12 MB' },
    { input: { reason: 'size', kind: 'file' }, en: 'Too large: files up to 20 MB', zh: '文件过大：文件最大 20 MB' },
    { input: { reason: 'type' }, en: UPLOAD_EN.unsupportedFile, zh: zh.unsupportedFile },
    { input: { reason: 'empty' }, en: 'The file is empty', zh: '文件是空的' },
  ];
  for (const c of cases) {
    it(`${JSON.stringify(c.input)} says what was wrong`, () => {
      expect(refusalText(c.input, UPLOAD_EN)).toBe(c.en);
      expect(refusalText(c.input, zh)).toBe(c.zh);
    });
  }
});
