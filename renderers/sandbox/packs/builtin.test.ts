import { describe, expect, it } from 'vitest';
import { emailPack, searchPack, secretPack, storesPack } from './builtin';
import { validatePackPolicy } from './policy';
import type { InstalledPack, PackFunction, PackPolicy } from './types';

const policy = (validatePackPolicy(undefined) as { policy: PackPolicy }).policy;
const fnOf = (pack: InstalledPack, name: string): PackFunction => pack.functions.find((f) => f.name == name)!;
const never = () => {
  throw new Error('not called');
};
const signal = new AbortController().signal;

interface Row {
  title: string;
  args: unknown[];
  /** The checked value, or the refusal's reason. */
  value?: unknown;
  reason?: string;
}
const rows = (fn: PackFunction, table: Row[]) =>
  it.each(table)(`${fn.name}: $title`, ({ args, value, reason }) => {
    expect(fn.check(args, policy)).toEqual(reason === undefined ? { ok: true, value } : { ok: false, reason });
  });

describe('documentSearch(query, topK = 5)', () => {
  const pack = searchPack(never);
  rows(fnOf(pack, 'documentSearch'), [
    { title: 'topK omitted: 5', args: ['refunds'], value: ['refunds', 5] },
    { title: 'topK 0 or below: 5 (the reference rule)', args: ['refunds', -3], value: ['refunds', 5] },
    { title: 'topK null (an undefined that went through JSON): 5', args: ['refunds', null], value: ['refunds', 5] },
    { title: 'topK 50', args: ['refunds', 50], value: ['refunds', 50] },
    { title: 'topK 51', args: ['refunds', 51], reason: 'documentSearch: topK must be at most 50' },
    { title: 'topK 2.5', args: ['refunds', 2.5], reason: 'documentSearch: topK must be an integer' },
    { title: 'topK as a string', args: ['refunds', '3'], reason: 'documentSearch: topK must be an integer' },
    { title: 'no query', args: [], reason: 'documentSearch: query must be a non-empty string' },
    { title: 'a blank query', args: ['  '], reason: 'documentSearch: query must be a non-empty string' },
    { title: 'a query object', args: [{ q: 'x' }], reason: 'documentSearch: query must be a non-empty string' },
    { title: 'a query of 1001 characters', args: ['x'.repeat(1001)], reason: 'documentSearch: query is longer than 1000 characters' },
    { title: 'a bidi override in the query', args: ['a\u202eb'], reason: 'documentSearch: query contains a control character' },
    { title: 'three arguments', args: ['q', 1, 2], reason: 'documentSearch takes (query, topK?); it was called with 3 arguments' },
  ]);

  it('runs the owner’s search with (query, topK) and keeps at most topK hits; a non-list is a failure', async () => {
    const seen: unknown[] = [];
    const search = async (q: string, k: number) => (seen.push([q, k]), [1, 2, 3, 4, 5, 6, 7]);
    const fn = fnOf(searchPack(search as never), 'documentSearch');
    expect(await fn.run(['q', 2], signal, policy)).toEqual([1, 2]);
    expect(seen).toEqual([['q', 2]]);
    await expect(fnOf(searchPack((async () => ({ hits: [] })) as never), 'documentSearch').run(['q', 5], signal, policy)).rejects.toThrow("the site's search did not return a list");
  });

  it('tells the model a one-line summary and declare docs', () => {
    expect(pack.summary).not.toContain('\n');
    expect(pack.docs).toContain('declare function documentSearch(query: string, topK?: number): Promise<SearchHit[]>;');
  });
});

describe('stores.list(), stores.read(id)', () => {
  const pack = storesPack(never, never);
  rows(fnOf(pack, 'stores.list'), [
    { title: 'no arguments', args: [], value: undefined },
    { title: 'an argument', args: ['x'], reason: 'stores.list takes no arguments' },
  ]);
  rows(fnOf(pack, 'stores.read'), [
    { title: 'an id', args: ['doc-1'], value: 'doc-1' },
    { title: 'no id', args: [], reason: 'stores.read: id must be a non-empty string' },
    { title: 'a numeric id', args: [7], reason: 'stores.read: id must be a non-empty string' },
    { title: 'an id of 201 characters', args: ['x'.repeat(201)], reason: 'stores.read: id is longer than 200 characters' },
  ]);

  it('read: unknown (null/undefined) is empty text; anything but text is a failure', async () => {
    const read = (value: unknown) => fnOf(storesPack(never, (async () => value) as never), 'stores.read').run('id', signal, policy);
    expect(await read(undefined)).toBe('');
    expect(await read('the text')).toBe('the text');
    await expect(read({ text: 'x' })).rejects.toThrow("the site's read did not return text");
    await expect(fnOf(storesPack((async () => 'x') as never, never), 'stores.list').run(undefined, signal, policy)).rejects.toThrow("the site's list did not return a list");
  });
});

describe('sendEmail({to, subject, body})', () => {
  const ok = { to: 'ana@example.com', subject: 'Your quote', body: 'Hello\nthere' };
  rows(fnOf(emailPack(never), 'sendEmail'), [
    { title: 'a message', args: [ok], value: ok },
    { title: 'no argument', args: [], reason: 'sendEmail: the argument must be an object {to, subject, body}' },
    { title: 'positional arguments', args: ['a@b.c', 's', 'b'], reason: 'sendEmail takes ({to, subject, body}); it was called with 3 arguments' },
    { title: 'an extra field (cc)', args: [{ ...ok, cc: 'x@y.z' }], reason: 'sendEmail: unknown field "cc" (known: to, subject, body)' },
    { title: 'two recipients', args: [{ ...ok, to: 'a@b.c, d@e.f' }], reason: 'sendEmail: to must be one e-mail address' },
    { title: 'a display name', args: [{ ...ok, to: 'Ana <ana@example.com>' }], reason: 'sendEmail: to must be one e-mail address' },
    { title: 'a header injected through the subject', args: [{ ...ok, subject: 'Hi\r\nBcc: all@example.com' }], reason: 'sendEmail: subject contains a control character' },
    { title: 'a header injected through the address', args: [{ ...ok, to: 'a@b.c\nBcc: x@y.z' }], reason: 'sendEmail: to contains a control character' },
    { title: 'no body', args: [{ to: ok.to, subject: ok.subject }], reason: 'sendEmail: body must be a string' },
  ]);

  it('is gated; runs the owner’s send with the checked message and resolves to true', async () => {
    const sent: unknown[] = [];
    const fn = fnOf(emailPack((async (m: unknown) => void sent.push(m)) as never), 'sendEmail');
    expect(fn.gated).toBe(true);
    expect(await fn.run(ok, signal, policy)).toBe(true);
    expect(sent).toEqual([ok]);
  });
});

describe('secret(name)', () => {
  rows(fnOf(secretPack(never), 'secret'), [
    { title: 'a name', args: ['maps.key'], value: 'maps.key' },
    { title: 'a name with a slash', args: ['a/b'], reason: 'secret: name may hold only letters, digits, _ . and -' },
    { title: 'no name', args: [], reason: 'secret: name must be a non-empty string' },
  ]);

  it('is gated; an unknown name is a failure', async () => {
    const fn = fnOf(secretPack((async (name: string) => (name == 'k' ? 'v' : undefined)) as never), 'secret');
    expect(fn.gated).toBe(true);
    expect(await fn.run('k', signal, policy)).toBe('v');
    await expect(fn.run('other', signal, policy)).rejects.toThrow('no secret named "other"');
  });
});
