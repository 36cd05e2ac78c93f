import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/http-error';
import { MAX_UPLOAD_FIELD_BYTES } from '../../settings/limits';
import { UploadBodyParser, type UploadBody, type UploadFields } from './upload-body';

const tooLarge = () => new HttpError(413, 'file_too_large', 'too large');

/** The body fed in pieces of `size` bytes; the fields seen at the file's start are recorded. */
function parse(text: string | Buffer, size = Infinity, maxBytes = 1 << 20): UploadBody & { atData: UploadFields | undefined } {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  let atData: UploadFields | undefined;
  const parser = new UploadBodyParser(bytes.length, { dataStart: (fields) => ((atData = { ...fields }), maxBytes), tooLarge });
  for (let i = 0; i < bytes.length; i += Math.min(size, bytes.length)) parser.feed(bytes.subarray(i, i + Math.min(size, bytes.length)));
  return { ...parser.end(), atData };
}

const refusal = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return `${error.status} ${error.code}: ${error.message}`;
    throw error;
  }
  return 'accepted';
};

describe('UploadBodyParser', () => {
  it('reads the hub’s body: the small fields as JSON decodes them, the file decoded', () => {
    const file = randomBytes(1000);
    const body = { filename: 'Ünïcode "name".pdf', mime: 'application/pdf', data_base64: file.toString('base64'), visitor_id: 'visitor_1', ticket: 'a\\b/c' };
    const parsed = parse(JSON.stringify(body));
    expect(parsed.fields).toEqual({ filename: body.filename, mime: body.mime, visitor_id: 'visitor_1', ticket: 'a\\b/c' });
    expect(parsed.data).toEqual(file);
    expect(parsed.atData).toEqual({ filename: body.filename, mime: body.mime });
  });

  it('gives the same result whatever pieces the body arrives in', () => {
    const file = randomBytes(51);
    // JSON may escape `/` (in the file too), and put white space between tokens.
    const text = JSON.stringify({ visitor_id: 'v_é', filename: 'a/b.png', mime: null, data_base64: file.toString('base64') + '/w==' })
      .replace(/\//g, '\\/')
      .replace('{', ' {\n ')
      .replace(/,/g, ' ,\t');
    const whole = parse(text);
    expect(whole.data).toEqual(Buffer.concat([file, Buffer.from([0xff])]));
    expect(whole.fields).toEqual({ visitor_id: 'v_é', filename: 'a/b.png' });
    for (let size = 1; size < 12; size++) expect(parse(text, size)).toEqual(whole);
  });

  it.each<[string, string, string]>([
    ['no body', '', '400 invalid_json: The request body is not valid JSON.'],
    ['an array', '[]', '400 invalid_body: The request body must be a JSON object.'],
    ['a cut-off body', '{"filename":"a', '400 invalid_json: The request body is not valid JSON.'],
    ['a cut-off file', '{"data_base64":"QUJD', '400 invalid_json: The request body is not valid JSON.'],
    ['something after the object', '{} x', '400 invalid_json: The request body is not valid JSON.'],
    ['an unknown field', '{"filename":"a","size":1}', '400 unknown_field: Unknown field "size" in the request body.'],
    ['a field twice', '{"filename":"a","filename":"b"}', '400 duplicate_field: The field "filename" is sent twice.'],
    ['a number', '{"filename":5}', '400 invalid_field: "filename" must be a string.'],
    ['true', '{"mime":true}', '400 invalid_field: "mime" must be a string.'],
    ['an object for the file', '{"data_base64":{}}', '400 invalid_field: "data_base64" must be a string.'],
    ['a raw control character', '{"filename":"a\tb"}', '400 invalid_json: The request body is not valid JSON.'],
    ['a character outside base64', '{"data_base64":"QU JD"}', '400 invalid_file_data: The file could not be read: "data_base64" must be base64.'],
    ['an escape other than \\/', '{"data_base64":"QU\\nJD"}', '400 invalid_file_data: The file could not be read: "data_base64" must be base64.'],
    ['padding inside', '{"data_base64":"QQ==QUJD"}', '400 invalid_file_data: The file could not be read: "data_base64" must be base64.'],
    ['three padding characters', '{"data_base64":"Q==="}', '400 invalid_file_data: The file could not be read: "data_base64" must be base64.'],
    ['a length no base64 has', '{"data_base64":"QUJDR"}', '400 invalid_file_data: The file could not be read: "data_base64" must be base64.'],
    ['padding that does not end a quad', '{"data_base64":"QUJ=="}', '400 invalid_file_data: The file could not be read: "data_base64" must be base64.'],
    ['a long field', `{"filename":"${'x'.repeat(MAX_UPLOAD_FIELD_BYTES + 1)}"}`, `400 field_too_long: "filename" is longer than ${MAX_UPLOAD_FIELD_BYTES} bytes.`],
  ])('refuses %s', (_, text, expected) => {
    expect(refusal(() => parse(text))).toBe(expected);
  });

  it.each<[string, number]>([
    ['padded', 10],
    ['padded once', 11],
    ['unpadded', 12],
  ])('decodes %s files exactly, and takes unpadded base64 too', (_, bytes) => {
    const file = randomBytes(bytes);
    expect(parse(JSON.stringify({ data_base64: file.toString('base64') })).data).toEqual(file);
    expect(parse(JSON.stringify({ data_base64: file.toString('base64').replace(/=+$/, '') })).data).toEqual(file);
  });

  it('an empty file is an empty buffer; a null or missing one is none', () => {
    expect(parse('{"data_base64":""}').data).toEqual(Buffer.alloc(0));
    expect(parse('{"data_base64":null}').data).toBeUndefined();
    expect(parse('{}').data).toBeUndefined();
  });

  it('refuses a file at the first piece past its limit, exactly at the limit it takes it', () => {
    const at = Buffer.alloc(300, 1).toString('base64');
    expect(parse(JSON.stringify({ data_base64: at }), 7, 300).data!.length).toBe(300);
    const over = Buffer.alloc(301, 1).toString('base64');
    expect(refusal(() => parse(JSON.stringify({ data_base64: over }), 7, 300))).toBe('413 file_too_large: too large');
  });

  it('a refusal from the file’s start stops the body there', () => {
    const parser = new UploadBodyParser(100, {
      dataStart: (fields) => {
        throw new HttpError(415, 'unsupported_type', `no ${fields.mime}`);
      },
      tooLarge,
    });
    expect(refusal(() => parser.feed(Buffer.from('{"mime":"text/html","data_base64":"QUJD')))).toBe('415 unsupported_type: no text/html');
  });
});
