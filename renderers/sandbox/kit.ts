// The owner's kit for `jsx` views (DESIGN.md §8.3): a classic script that sets `window.Kit` (its
// `h`, `render` and components), given as its text or as a URL the host page fetches (never the
// frame: it has no network), and the docs the model is told. Validation is pure; the loaders
// fetch once per page and hand the text to each frame, which runs it inline under its own CSP.

import { CONTROL } from './text';

export const KIT_LIMITS = Object.freeze({
  /** The kit script's text, in UTF-16 units (it is inlined into every JSX view's document). */
  scriptChars: 1_048_576,
  docsChars: 8000,
  /** The one line `client_capabilities.sandbox_kit` carries. */
  summaryChars: 200,
});

const KIT_KEYS = ['script', 'url', 'docs'];

/** A validated kit: exactly one of `script` and `url` (absolute), its docs and their first line. */
export interface SandboxKit {
  readonly script?: string;
  readonly url?: string;
  readonly docs: string;
  readonly summary: string;
}

export type KitCheck = { ok: true; kit: SandboxKit } | { ok: false; errors: string[] };

/**
 * Checks the preload's `sandbox.kit`: `{script: '<classic script text>'}` or `{url}` (an `https:`
 * address, or one on the page's own origin, resolved against `pageUrl`), and `docs`, what the model
 * is told (its first line is the summary sent with each message). Every problem is named.
 */
export function validateSandboxKit(input: unknown, pageUrl: string): KitCheck {
  const errors: string[] = [];
  if (!input || typeof input != 'object' || Array.isArray(input)) return { ok: false, errors: ['kit: expected an object such as {url: "https://…", docs: "…"}'] };
  const kit = input as Record<string, unknown>;
  for (const key of Object.keys(kit)) if (!KIT_KEYS.includes(key)) errors.push(`kit: unknown key ${JSON.stringify(key)} (known: ${KIT_KEYS.join(', ')})`);
  const { script, url, docs } = kit;
  let href: string | undefined;
  if ((script === undefined) == (url === undefined)) errors.push('kit: give exactly one of "script" (the kit\'s source text) and "url" (where the page fetches it)');
  else if (script !== undefined) {
    if (typeof script != 'string' || !script.trim()) errors.push('kit.script: expected the non-empty source text of a classic script');
    else if (script.length > KIT_LIMITS.scriptChars) errors.push(`kit.script: longer than ${KIT_LIMITS.scriptChars} characters`);
  } else {
    let parsed: URL | undefined;
    try {
      parsed = typeof url == 'string' ? new URL(url, pageUrl) : undefined;
    } catch {}
    if (!parsed) errors.push(`kit.url: ${JSON.stringify(url)} is not a URL`);
    else if (parsed.username || parsed.password) errors.push('kit.url: must not carry credentials');
    else if (parsed.protocol != 'https:' && parsed.origin != new URL(pageUrl).origin) errors.push(`kit.url: must be https:// or on this page's origin (got ${parsed.origin})`);
    else href = parsed.href;
  }
  if (typeof docs != 'string' || !docs.trim()) errors.push('kit.docs: expected the text the model is told about the kit (its components and their props)');
  else if (docs.length > KIT_LIMITS.docsChars) errors.push(`kit.docs: longer than ${KIT_LIMITS.docsChars} characters`);
  else if (CONTROL.test(docs.replace(/[\n\t]/g, ''))) errors.push('kit.docs: contains a control character (only \\n and \\t are allowed)');
  if (errors.length) return { ok: false, errors };
  const line = (docs as string).trim().split('\n')[0]!.trim();
  const summary = [...line].length > KIT_LIMITS.summaryChars ? [...line].slice(0, KIT_LIMITS.summaryChars - 1).join('') + '…' : line;
  return { ok: true, kit: Object.freeze({ ...(href ? { url: href } : { script: script as string }), docs: docs as string, summary }) };
}

const checked = new WeakMap<object, SandboxKit | null>();

/**
 * The owner's kit from the preload's `sandbox` object (once per object; a warning, once, when it
 * is invalid). Null when there is none or it is invalid: `jsx` views then show as code.
 */
export function ownerKit(sandbox: unknown, pageUrl = location.href): SandboxKit | null {
  if (!sandbox || typeof sandbox != 'object' || (sandbox as { kit?: unknown }).kit === undefined) return null;
  let kit = checked.get(sandbox);
  if (kit === undefined) {
    const check = validateSandboxKit((sandbox as { kit: unknown }).kit, pageUrl);
    if (!check.ok) console.warn(`BailingChat: sandbox: the owner's kit is invalid, so jsx views will show as code: ${check.errors.join('; ')}`);
    checked.set(sandbox, (kit = check.ok ? check.kit : null));
  }
  return kit;
}

/** What `client_capabilities` tells the service of the kit: its one-line summary, when there is a valid one. */
export const kitCapabilities = (sandbox: unknown): { sandbox_kit?: string } => {
  const kit = ownerKit(sandbox);
  return kit ? { sandbox_kit: kit.summary } : {};
};

const texts = new Map<string, Promise<string>>();

/** The text at `url`, fetched once per page; rejects with what went wrong. */
function fetchText(url: string, what: string, max: number): Promise<string> {
  let text = texts.get(url);
  if (!text) {
    text = fetch(url).then(async (response) => {
      if (!response.ok) throw new Error(`${what} ${url} answered ${response.status}`);
      const body = await response.text();
      if (body.length > max) throw new Error(`${what} ${url} is longer than ${max} characters`);
      return body;
    });
    // A failure is not kept: the next view tries again.
    text.catch(() => texts.delete(url));
    texts.set(url, text);
  }
  return text;
}

/** The kit's script text. */
export const kitText = (kit: SandboxKit): Promise<string> => (kit.script !== undefined ? Promise.resolve(kit.script) : fetchText(kit.url!, 'the sandbox kit', KIT_LIMITS.scriptChars));

/** Longest JSX compiler text accepted (dist/jsx.js is about a tenth of it). */
const COMPILER_CHARS = 1_048_576;

/** The JSX compiler's text: `jsx.js` beside widget.js (`scriptSrc`), fetched by the page. */
export const jsxCompilerText = (scriptSrc: string): Promise<string> => fetchText(new URL('jsx.js', scriptSrc).href, 'the JSX compiler', COMPILER_CHARS);
