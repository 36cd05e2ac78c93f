// The four callback packs of reference file 001 (search, stores, email, secret). Each wraps a
// function the site owner wrote (no search, mail or secrets library is bundled), with a pure
// check of the arguments a view passes and the docs the model is told. The checks run on the
// host: a view is model code, so its arguments are as untrusted as the rest of it.

import { PACK_LIMITS as L } from './limits';
import type { ArgsCheck, InstalledPack, PackFunction } from './types';

type Callback = (...args: never[]) => unknown;

const bad = (reason: string): ArgsCheck => ({ ok: false, reason });
const good = (value: unknown): ArgsCheck => ({ ok: true, value });
const points = (text: string) => [...text].length;
/** C0/C1 controls (CR and LF end a mail header: header injection), lone surrogates, bidi overrides. */
const CONTROL = /[\p{Cc}\p{Cs}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

/** A string argument: non-blank, at most `max` code points, with no control character. */
function text(fn: string, label: string, value: unknown, max: number): string | undefined {
  if (typeof value != 'string' || !value.trim()) return `${fn}: ${label} must be a non-empty string`;
  if (points(value) > max) return `${fn}: ${label} is longer than ${max} characters`;
  if (CONTROL.test(value)) return `${fn}: ${label} contains a control character`;
  return undefined;
}

const arity = (fn: string, args: readonly unknown[], max: number, signature: string) =>
  args.length > max ? `${fn} takes ${signature}; it was called with ${args.length} arguments` : undefined;

export function searchPack(search: Callback): InstalledPack {
  const fn: PackFunction = {
    name: 'documentSearch',
    gated: false,
    acts: false,
    check(args) {
      const [query, topK] = args;
      const problem = arity(this.name, args, 2, '(query, topK?)') ?? text(this.name, 'query', query, L.searchQueryChars);
      if (problem) return bad(problem);
      // The reference's rule: 5 when omitted or <= 0.
      if (topK != null && !Number.isInteger(topK)) return bad(`${this.name}: topK must be an integer`);
      const k = typeof topK == 'number' && topK > 0 ? topK : L.defaultTopK;
      if (k > L.maxTopK) return bad(`${this.name}: topK must be at most ${L.maxTopK}`);
      return good([query, k]);
    },
    async run(value) {
      const [query, k] = value as [string, number];
      const hits = await (search as (query: string, topK: number) => unknown)(query, k);
      if (!Array.isArray(hits)) throw new Error("the site's search did not return a list");
      return hits.slice(0, k);
    },
  };
  return {
    kind: 'search',
    global: 'documentSearch',
    functions: [fn],
    summary: "documentSearch(query, topK?) searches the site's documents and resolves to the best passages",
    docs: [
      '/** One passage of the site\'s documents that matches a search. */',
      'interface SearchHit { documentId: string; documentTitle: string; chunkIndex: number; content: string; score: number }',
      `/** Searches the site's documents; resolves to the best \`topK\` passages (default ${L.defaultTopK}, at most ${L.maxTopK}), best first. */`,
      'declare function documentSearch(query: string, topK?: number): Promise<SearchHit[]>;',
    ].join('\n'),
  };
}

export function storesPack(list: Callback, read: Callback): InstalledPack {
  const listFn: PackFunction = {
    name: 'stores.list',
    gated: false,
    acts: false,
    check: (args) => (args.length ? bad('stores.list takes no arguments') : good(undefined)),
    async run() {
      const docs = await (list as () => unknown)();
      if (!Array.isArray(docs)) throw new Error("the site's list did not return a list");
      return docs;
    },
  };
  const readFn: PackFunction = {
    name: 'stores.read',
    gated: false,
    acts: false,
    check(args) {
      const problem = arity(this.name, args, 1, '(id)') ?? text(this.name, 'id', args[0], L.storeIdChars);
      return problem ? bad(problem) : good(args[0]);
    },
    async run(id) {
      const body = await (read as (id: string) => unknown)(id as string);
      // The reference's rule: an unknown id reads as empty text, not an error.
      if (body == null) return '';
      if (typeof body != 'string') throw new Error("the site's read did not return text");
      return body;
    },
  };
  return {
    kind: 'stores',
    global: 'stores',
    members: ['list', 'read'],
    functions: [listFn, readFn],
    summary: "stores.list() lists the site's indexed documents; stores.read(id) resolves to one document's full text",
    docs: [
      '/** One indexed document of the site. */',
      'interface StoreDoc { id: string; title: string; chunkCount: number }',
      'declare const stores: {',
      '  /** Every indexed document. */',
      '  list(): Promise<StoreDoc[]>;',
      "  /** The full text of one document ('' when there is none with that id). */",
      '  read(id: string): Promise<string>;',
      '};',
    ].join('\n'),
  };
}

/** One address, no display name, no list: `,` or `;` would add recipients, `<>` a name part. */
const ADDRESS = /^[^\s@<>,;:"()[\]\\]+@[^\s@<>,;:"()[\]\\]+$/;

export function emailPack(send: Callback): InstalledPack {
  const fn: PackFunction = {
    name: 'sendEmail',
    gated: true,
    acts: true,
    check(args) {
      const [message] = args;
      const shape = arity(this.name, args, 1, '({to, subject, body})');
      if (shape) return bad(shape);
      if (!message || typeof message != 'object' || Array.isArray(message)) return bad(`${this.name}: the argument must be an object {to, subject, body}`);
      const extra = Object.keys(message).find((key) => !['to', 'subject', 'body'].includes(key));
      if (extra) return bad(`${this.name}: unknown field ${JSON.stringify(extra.slice(0, 40))} (known: to, subject, body)`);
      const { to, subject, body } = message as Record<string, unknown>;
      const problem = text(this.name, 'to', to, L.emailAddressChars) ?? text(this.name, 'subject', subject, L.emailSubjectChars);
      if (problem) return bad(problem);
      if (!ADDRESS.test(to as string)) return bad(`${this.name}: to must be one e-mail address`);
      if (typeof body != 'string') return bad(`${this.name}: body must be a string`);
      return good({ to, subject, body });
    },
    async run(value) {
      await (send as (message: unknown) => unknown)(value);
      return true;
    },
  };
  return {
    kind: 'email',
    global: 'sendEmail',
    functions: [fn],
    summary: 'sendEmail({to, subject, body}) sends an e-mail from the site',
    docs: [
      '/** Sends an e-mail from the site to one address; resolves to true once it is handed over. */',
      'declare function sendEmail(message: { to: string; subject: string; body: string }): Promise<true>;',
    ].join('\n'),
  };
}

const SECRET_NAME = /^[\w.-]+$/;

export function secretPack(get: Callback): InstalledPack {
  const fn: PackFunction = {
    name: 'secret',
    gated: true,
    acts: true,
    check(args) {
      const [name] = args;
      const problem = arity(this.name, args, 1, '(name)') ?? text(this.name, 'name', name, L.secretNameChars);
      if (problem) return bad(problem);
      if (!SECRET_NAME.test(name as string)) return bad(`${this.name}: name may hold only letters, digits, _ . and -`);
      return good(name);
    },
    async run(name) {
      const value = await (get as (name: string) => unknown)(name as string);
      // The reference's rule: an unknown name is a catchable error.
      if (typeof value != 'string') throw new Error(`no secret named ${JSON.stringify(name)}`);
      return value;
    },
  };
  return {
    kind: 'secret',
    global: 'secret',
    functions: [fn],
    summary: 'secret(name) resolves to a named value the site keeps for this view',
    docs: ['/** A named value the site keeps (rejects when there is none by that name). */', 'declare function secret(name: string): Promise<string>;'].join('\n'),
  };
}
