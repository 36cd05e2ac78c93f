import { describe, expect, it } from 'vitest';
import { Base64Decoder } from './upload-body';
import { UPLOAD_MAX_BYTES, effectiveUploadType, mediaType, servedHeaders, uploadKind } from './upload-policy';

describe('effectiveUploadType: the declared type, else the hub’s guess from the extension', () => {
  it.each<[string, string, string]>([
    ['a.png', 'image/png', 'image/png'],
    ['a.webm', 'audio/webm;codecs=opus', 'audio/webm'],
    ['a.webm', ' Audio/WebM ; codecs="opus"', 'audio/webm'],
    ['a.txt', 'image/png', 'image/png'],
    ['notes.txt', '', 'text/plain'],
    ['server.LOG', '', 'text/x-log'],
    ['data.tsv', '', 'text/tab-separated-values'],
    ['deck.pptx', '', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['page.html', '', 'text/html'],
    ['cat.png', '', ''],
    ['voice.m4a', '', ''],
    ['noext', '', ''],
    ['.pdf', '', 'application/pdf'],
    ['constructor', '', ''],
    ['x.constructor', '', ''],
  ])('%j declared %j → %j', (filename, declared, expected) => {
    expect(effectiveUploadType(filename, declared)).toBe(expected);
  });

  it('compares types without parameters, case-insensitively', () => {
    expect(mediaType('Text/Plain; charset=UTF-8')).toBe('text/plain');
  });
});

describe('uploadKind: the hub’s three kinds', () => {
  it.each<[string, 'image' | 'audio' | 'file' | null]>([
    ['image/png', 'image'],
    ['image/jpeg', 'image'],
    ['image/webp', 'image'],
    ['image/gif', 'image'],
    ['image/svg+xml', null],
    ['image/bmp', null],
    ['audio/webm', 'audio'],
    ['audio/mpeg', 'audio'],
    ['audio/mp3', 'audio'],
    ['audio/mp4', 'audio'],
    ['audio/x-m4a', 'audio'],
    ['audio/wav', 'audio'],
    ['audio/x-wav', 'audio'],
    ['audio/ogg', 'audio'],
    ['audio/flac', 'audio'],
    ['audio/aac', null],
    ['text/plain', 'file'],
    ['text/markdown', 'file'],
    ['text/csv', 'file'],
    ['text/tab-separated-values', 'file'],
    ['text/x-log', 'file'],
    ['application/json', 'file'],
    ['application/pdf', 'file'],
    ['application/msword', 'file'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'file'],
    ['application/vnd.ms-excel', 'file'],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'file'],
    ['application/vnd.ms-powerpoint', 'file'],
    ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'file'],
    ['application/zip', 'file'],
    ['text/html', null],
    ['application/xhtml+xml', null],
    ['application/xml', null],
    ['text/xml', null],
    ['text/javascript', null],
    ['application/x-rar-compressed', null],
    ['application/octet-stream', null],
    ['', null],
  ])('%j → %s', (type, kind) => {
    expect(uploadKind(type)).toBe(kind);
  });

  it('has the hub’s size limits', () => {
    expect(UPLOAD_MAX_BYTES).toEqual({ image: 6 * 1024 * 1024, audio: 12 * 1024 * 1024, file: 20 * 1024 * 1024 });
  });
});

describe('servedHeaders: nothing a browser could run shows inline', () => {
  it.each<[string, string, 'inline' | 'attachment']>([
    ['image/png', 'image/png', 'inline'],
    ['audio/webm', 'audio/webm', 'inline'],
    ['audio/webm;codecs=opus', 'audio/webm', 'inline'],
    ['text/plain', 'text/plain; charset=utf-8', 'attachment'],
    ['text/markdown', 'text/markdown; charset=utf-8', 'attachment'],
    ['application/json', 'application/json; charset=utf-8', 'attachment'],
    ['application/pdf', 'application/pdf', 'attachment'],
    ['application/zip', 'application/zip', 'attachment'],
    ['text/html', 'application/octet-stream', 'attachment'],
    ['image/svg+xml', 'application/octet-stream', 'attachment'],
    ['application/xml', 'application/octet-stream', 'attachment'],
    ['', 'application/octet-stream', 'attachment'],
  ])('%j → %j, %s', (stored, contentType, disposition) => {
    expect(servedHeaders(stored)).toEqual({ contentType, disposition });
  });
});

describe('base64 of an upload', () => {
  /** The file, or undefined when the text is not base64 (each character fed on its own, as a body may arrive). */
  const decode = (data: string, whole = data.length > 64): Buffer | undefined => {
    const decoder = new Base64Decoder(21 * 1024 * 1024, 21 * 1024 * 1024, () => new Error('too large') as never);
    try {
      if (whole) decoder.write(data);
      else for (const char of data) decoder.write(char);
      return decoder.finish();
    } catch {
      return undefined;
    }
  };
  const isBase64 = (data: string): boolean => decode(data) !== undefined && decode(data, true) !== undefined;

  it.each<[string, boolean]>([
    ['', true],
    ['QQ==', true],
    ['QUI=', true],
    ['QUJD', true],
    ['QQ', true],
    ['QUI', true],
    ['Q', false],
    ['QQ=', false],
    ['Q===', false],
    ['QQ==QQ==', false],
    ['QU JD', false],
    ['QUJD\n', false],
    ['QUJ-', false],
  ])('%j → %s', (data, ok) => {
    expect(isBase64(data)).toBe(ok);
  });

  it('checks 27 MB in one pass (a backtracking pattern would overflow its stack)', () => {
    const big = Buffer.alloc(20 * 1024 * 1024 + 1, 1).toString('base64');
    expect(decode(big)?.length).toBe(20 * 1024 * 1024 + 1);
  });
});
