// The upload body, read as it arrives: `{filename, mime, data_base64, visitor_id, ticket?}` as a
// JSON object whose `data_base64` may be 27 MB. Read whole, one request held the raw bytes, a
// string of them, the parsed string and the decoded file at once (five copies of its file); this
// parser keeps the small fields and decodes the base64 into one buffer as it streams, so a request
// costs about one copy of its file. It throws at the first byte out of place or past a limit, so
// a refusal reads no more of the body than that, and the fields that come before the file
// (the widget sends the name and type first) are checked before the file is read at all.
// Pure: bytes in, fields and file out; refusals are HttpErrors.
import { HttpError, badRequest } from '../../http/http-error';
import { MAX_UPLOAD_FIELD_BYTES } from '../../settings/limits';

export type UploadField = 'filename' | 'mime' | 'visitor_id' | 'ticket';
export type UploadFields = Partial<Record<UploadField, string>>;
const FIELDS: readonly string[] = ['filename', 'mime', 'visitor_id', 'ticket'];
const DATA = 'data_base64';

export interface UploadBodyHooks {
  /**
   * `data_base64` begins: the fields read so far. Returns the most bytes the file may decode to;
   * throws to refuse it before any of it is read.
   */
  dataStart(fields: Readonly<UploadFields>): number;
  /** The file decodes to more than `dataStart` allowed. */
  tooLarge(): HttpError;
}

export interface UploadBody {
  fields: UploadFields;
  /** The decoded file; undefined when the body has no (or a null) `data_base64`. */
  data: Buffer | undefined;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isSpace = (byte: number): boolean => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

const invalidJson = (): HttpError => badRequest('invalid_json', 'The request body is not valid JSON.');
const invalidData = (): HttpError => badRequest('invalid_file_data', 'The file could not be read: "data_base64" must be base64.');

/**
 * Base64 decoded into one buffer as it arrives, with the rules of a whole string checked on the
 * way: the alphabet, at most two `=` and only at the end, and a length a padded or unpadded text
 * can have.
 */
export class Base64Decoder {
  private out: Buffer | undefined;
  private length = 0;
  private carry = '';
  private chars = 0;
  private padding = 0;

  /** `capacity`: what the body can hold at most (its Content-Length), so the buffer is never grown. */
  constructor(
    private readonly maxBytes: number,
    private readonly capacity: number,
    private readonly tooLarge: () => HttpError,
  ) {}

  write(text: string): void {
    const match = /^([A-Za-z0-9+/]*)(=*)$/.exec(text);
    if (!match || (this.padding > 0 && match[1]!.length > 0)) throw invalidData();
    this.padding += match[2]!.length;
    if (this.padding > 2) throw invalidData();
    this.chars += match[1]!.length;
    if (Math.floor((this.chars * 3) / 4) > this.maxBytes) throw this.tooLarge();
    const pending = this.carry + match[1]!;
    const whole = pending.length - (pending.length % 4);
    this.carry = pending.slice(whole);
    if (whole > 0) this.decode(pending.slice(0, whole));
  }

  finish(): Buffer {
    if (this.padding > 0 ? (this.chars + this.padding) % 4 !== 0 : this.chars % 4 === 1) throw invalidData();
    if (this.carry !== '') this.decode(this.carry);
    return this.out?.subarray(0, this.length) ?? Buffer.alloc(0);
  }

  private decode(text: string): void {
    // Uninitialized memory: the operating system commits its pages only as the file fills them.
    this.out ??= Buffer.allocUnsafe(Math.min(this.maxBytes + 3, this.capacity));
    if (this.length + Math.ceil((text.length * 3) / 4) > this.out.length) throw this.tooLarge();
    this.length += this.out.write(text, this.length, 'base64');
  }
}

type State = 'start' | 'key-or-end' | 'key' | 'in-key' | 'colon' | 'value' | 'in-string' | 'literal' | 'in-data' | 'data-escape' | 'after-value' | 'done';

export class UploadBodyParser {
  private state: State = 'start';
  private key = '';
  private raw: number[] = [];
  private escaped = false;
  private literal = '';
  private readonly seen = new Set<string>();
  private readonly fields: UploadFields = {};
  private decoder: Base64Decoder | undefined;
  private data: Buffer | undefined;

  /** `capacity`: the body's declared length (its Content-Length). */
  constructor(
    private readonly capacity: number,
    private readonly hooks: UploadBodyHooks,
  ) {}

  feed(chunk: Buffer): void {
    let i = 0;
    while (i < chunk.length) {
      if (this.state === 'in-data') {
        i = this.feedData(chunk, i);
        continue;
      }
      this.step(chunk[i]!);
      i++;
    }
  }

  end(): UploadBody {
    if (this.state !== 'done') throw invalidJson();
    return { fields: this.fields, data: this.data };
  }

  /** The base64 between here and the next quote or backslash goes to the decoder in one piece. */
  private feedData(chunk: Buffer, from: number): number {
    const quote = chunk.indexOf(QUOTE, from);
    const backslash = chunk.indexOf(BACKSLASH, from);
    const stop = Math.min(quote < 0 ? chunk.length : quote, backslash < 0 ? chunk.length : backslash);
    if (stop > from) this.decoder!.write(chunk.toString('latin1', from, stop));
    if (stop === chunk.length) return stop;
    if (chunk[stop] === QUOTE) {
      this.data = this.decoder!.finish();
      this.decoder = undefined;
      this.state = 'after-value';
    } else {
      // JSON may write `/` as `\/`; no other escape has a place in base64.
      this.state = 'data-escape';
    }
    return stop + 1;
  }

  private step(byte: number): void {
    switch (this.state) {
      case 'start':
        if (isSpace(byte)) return;
        if (byte !== 0x7b) throw badRequest('invalid_body', 'The request body must be a JSON object.');
        this.state = 'key-or-end';
        return;
      case 'key-or-end':
      case 'key':
        if (isSpace(byte)) return;
        if (byte === 0x7d && this.state === 'key-or-end') {
          this.state = 'done';
          return;
        }
        if (byte !== QUOTE) throw invalidJson();
        this.startString('in-key');
        return;
      case 'in-key':
      case 'in-string':
        return this.stringByte(byte);
      case 'colon':
        if (isSpace(byte)) return;
        if (byte !== 0x3a) throw invalidJson();
        this.state = 'value';
        return;
      case 'value':
        if (isSpace(byte)) return;
        if (byte === QUOTE) return this.startValue();
        if (byte === 0x6e) {
          this.literal = 'n';
          this.state = 'literal';
          return;
        }
        throw badRequest('invalid_field', `"${this.key}" must be a string.`);
      case 'literal':
        this.literal += String.fromCharCode(byte);
        if (!'null'.startsWith(this.literal)) throw badRequest('invalid_field', `"${this.key}" must be a string.`);
        if (this.literal === 'null') this.state = 'after-value';
        return;
      case 'data-escape':
        if (byte !== 0x2f) throw invalidData();
        this.decoder!.write('/');
        this.state = 'in-data';
        return;
      case 'after-value':
        if (isSpace(byte)) return;
        if (byte === 0x2c) this.state = 'key';
        else if (byte === 0x7d) this.state = 'done';
        else throw invalidJson();
        return;
      case 'done':
        if (!isSpace(byte)) throw invalidJson();
        return;
      case 'in-data':
        return;
    }
  }

  private startString(state: 'in-key' | 'in-string'): void {
    this.raw = [];
    this.escaped = false;
    this.state = state;
  }

  private startValue(): void {
    if (this.key !== DATA) return this.startString('in-string');
    const maxBytes = this.hooks.dataStart({ ...this.fields });
    this.decoder = new Base64Decoder(maxBytes, Math.ceil((this.capacity * 3) / 4) + 3, () => this.hooks.tooLarge());
    this.state = 'in-data';
  }

  /** A key or a small field, kept as raw JSON text up to MAX_UPLOAD_FIELD_BYTES, then decoded as JSON decodes it. */
  private stringByte(byte: number): void {
    if (this.escaped) this.escaped = false;
    else if (byte === BACKSLASH) this.escaped = true;
    else if (byte === QUOTE) return this.endString();
    if (this.raw.length >= MAX_UPLOAD_FIELD_BYTES) {
      throw badRequest('field_too_long', `${this.state === 'in-key' ? 'A field name' : `"${this.key}"`} is longer than ${MAX_UPLOAD_FIELD_BYTES} bytes.`);
    }
    this.raw.push(byte);
  }

  private endString(): void {
    let text: string;
    try {
      text = JSON.parse(`"${Buffer.from(this.raw).toString('utf8')}"`) as string;
    } catch {
      throw invalidJson();
    }
    if (this.state === 'in-key') {
      if (text !== DATA && !FIELDS.includes(text)) throw badRequest('unknown_field', `Unknown field "${text}" in the request body.`);
      if (this.seen.has(text)) throw badRequest('duplicate_field', `The field "${text}" is sent twice.`);
      this.seen.add(text);
      this.key = text;
      this.state = 'colon';
      return;
    }
    this.fields[this.key as UploadField] = text;
    this.state = 'after-value';
  }
}
