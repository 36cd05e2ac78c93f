// The embed contract (DESIGN.md §5): what the host page tells the widget through the
// script tag's data-* attributes and the optional preload object. Pure: no DOM writes.

import { describe } from './describe';
import { resolveApiBase } from '../transport/bailing';
import type { RendererDefinition } from '../types';
import { readImageOrigins } from '../markdown/image-origins';
import { FOCUS_KEY, FOCUS_KEY_PATTERN } from '../ui/focus-cycle';

export type ThemeSetting = 'light' | 'dark' | 'auto';
import { LANGS } from '../contract';
export { LANGS };
export type Lang = (typeof LANGS)[number];

/** Everything the widget needs to start, after attributes and preload are merged and validated. */
export interface EmbedOptions {
  entry: string;
  /** widget.js's own URL: the split build's modules sit beside it (widget/modules.ts). */
  scriptSrc: string;
  /** Base URL of the hub (no trailing slash). */
  api: string;
  open: boolean;
  ticket: string | null;
  lang: Lang;
  theme: ThemeSetting;
  /** CSS selector of an element to render inline in, instead of a floating launcher. */
  container: string | null;
  /** The https origins answers may load images from, besides the hub's own (image-origins.ts). */
  images: string[];
  /** The wire: the BailingHub contract, or an AG-UI agent (DESIGN.md §9). */
  protocol: 'bailing' | 'ag-ui';
  /** `data-agent-url`, as written (the AG-UI module resolves and checks it). */
  agentUrl: string | null;
  /**
   * `data-code="1"` (or preload `code: true`): the drop-in fetches code.js from beside itself for
   * code blocks' heads and colours. Off by default there (a hub serves widget.js alone); the split
   * build always has its modules beside it.
   */
  code: boolean;
  /** The key that moves focus between the page and the widget's parts; default F6, `null` for none. */
  focusKey: string | null;
  /**
   * The host's CSP nonce, for the one thing that needs it: the `<style>` the widget falls back to
   * where constructable stylesheets are missing. The script tag's own `nonce` (read from the
   * element: browsers hide the attribute), else `data-nonce`.
   */
  nonce: string;
  /**
   * `data-math="1"` (or preload `math: true`): formulas in answers (`$…$`, `$$…$$`, `\(…\)`,
   * `\[…\]`) are drawn by math.js, fetched from beside widget.js at the first answer that may
   * hold one. Off by default in both builds: without it `$` is text.
   */
  math: boolean;
}

export { ENTRY_KEY_PATTERN as ENTRY_PATTERN } from '../contract';
import { ENTRY_KEY_PATTERN as ENTRY_PATTERN } from '../contract';

/** The preload `config` keys we accept, with the type each must have. */
const PRELOAD_CONFIG_KEYS: Record<string, 'string' | 'boolean' | 'number' | 'array'> = {
  entry: 'string',
  api: 'string',
  open: 'boolean',
  ticket: 'string',
  lang: 'string',
  theme: 'string',
  container: 'string',
  images: 'array',
  // Replaced by `images`: read only to say so.
  remoteImages: 'boolean',
  // The look of a widget fronting an AG-UI agent, which has no /config (a hub's entry has its own).
  title: 'string',
  greeting: 'string',
  color: 'string',
  position: 'string',
  ai_notice: 'string',
  starters: 'array',
  // Where the launcher sits (px from the corner): clear of the page's own bottom bar.
  offset_x: 'number',
  offset_y: 'number',
  code: 'boolean',
  focusKey: 'string',
  math: 'boolean',
};

const PRELOAD_KEYS = new Set(['renderers', 'config', 'sandbox', 'tools', 'agent', 'strings']);

export interface Preload {
  renderers: unknown[];
  config: Record<string, unknown>;
  sandbox: unknown;
  tools: unknown[];
  /** The AG-UI agent (`{url, headers, forwardedProps, context}`), checked by the AG-UI module. */
  agent: unknown;
  /** The host's texts by language (`{ en: { send: 'Go' } }`), checked by widget/ui/i18n/english.ts. */
  strings: unknown;
}

/**
 * Reads a preload object (`window.BailingChat = {...}` set before the script).
 * Invalid entries are reported through `warn` and skipped, never fatal (DESIGN.md §5).
 */
export function readPreload(value: unknown, warn: (message: string) => void): Preload {
  const preload: Preload = { renderers: [], config: {}, sandbox: undefined, tools: [], agent: undefined, strings: undefined };
  if (value === undefined || value === null) return preload;
  if (typeof value !== 'object' || Array.isArray(value)) {
    warn(`window.BailingChat preload must be an object (got ${describe(value)}); ignored`);
    return preload;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!PRELOAD_KEYS.has(key)) warn(`window.BailingChat preload: unknown key "${key}" ignored`);
  }
  if (record.renderers !== undefined) {
    if (Array.isArray(record.renderers)) preload.renderers = record.renderers;
    else warn(`window.BailingChat preload: "renderers" must be an array (got ${describe(record.renderers)}); ignored`);
  }
  if (record.tools !== undefined) {
    if (Array.isArray(record.tools)) preload.tools = record.tools;
    else warn(`window.BailingChat preload: "tools" must be an array (got ${describe(record.tools)}); ignored`);
  }
  preload.sandbox = record.sandbox;
  preload.agent = record.agent;
  preload.strings = record.strings;
  if (record.config !== undefined) {
    if (record.config && typeof record.config === 'object' && !Array.isArray(record.config)) {
      for (const [key, v] of Object.entries(record.config as Record<string, unknown>)) {
        const expected = PRELOAD_CONFIG_KEYS[key];
        if (!expected) warn(`window.BailingChat preload: unknown config key "${key}" ignored`);
        else if (expected === 'array' ? !Array.isArray(v) : typeof v !== expected) warn(`window.BailingChat preload: config.${key} must be ${expected === 'array' ? 'an array' : `a ${expected}`} (got ${describe(v)}); ignored`);
        else preload.config[key] = v;
      }
    } else {
      warn(`window.BailingChat preload: "config" must be an object (got ${describe(record.config)}); ignored`);
    }
  }
  return preload;
}

/** Attribute reader: `(name) => value | null`, so tests need no DOM. */
export type AttributeSource = (name: string) => string | null;

export type EmbedResult = { ok: true; options: EmbedOptions } | { ok: false; error: string };

/**
 * Merges the script tag's attributes (which win) with the preload config, and validates.
 * Fatal only for what makes the widget unusable: a missing or malformed entry, an unusable API base.
 */
export function resolveEmbedOptions(
  attr: AttributeSource,
  scriptSrc: string,
  preloadConfig: Record<string, unknown>,
  navigatorLanguages: string | readonly string[],
  warn: (message: string) => void,
  preloadAgent?: unknown,
): EmbedResult {
  const pick = (name: string, key: string): string | null => {
    const fromAttr = attr(name);
    if (fromAttr !== null) return fromAttr;
    const fromPreload = preloadConfig[key];
    return typeof fromPreload === 'string' ? fromPreload : null;
  };
  const protocolAttr = attr('data-protocol');
  const agentUrl = attr('data-agent-url');
  if (protocolAttr !== null && protocolAttr !== 'bailing' && protocolAttr !== 'ag-ui') {
    return { ok: false, error: `data-protocol must be "bailing" or "ag-ui" (got "${protocolAttr.slice(0, 40)}")` };
  }
  // An agent named in the preload, or the attribute, turns AG-UI on.
  const protocol = protocolAttr === 'ag-ui' || (protocolAttr === null && preloadAgent !== undefined) ? 'ag-ui' : 'bailing';
  if (protocol === 'bailing' && (agentUrl !== null || preloadAgent !== undefined)) warn('data-agent-url and the preload agent are for data-protocol="ag-ui"; ignored');
  // An AG-UI agent has no entry: the key only names this page's stored conversation.
  const entry = pick('data-entry', 'entry') ?? (protocol === 'ag-ui' ? 'agent' : null);
  if (entry === null) return { ok: false, error: `the script tag needs data-entry="<entry key>" matching ${ENTRY_PATTERN.source} (none given)` };
  if (!ENTRY_PATTERN.test(entry)) {
    return { ok: false, error: `data-entry must match ${ENTRY_PATTERN.source} (got "${entry.slice(0, 40)}")` };
  }

  let api: string;
  try {
    api = resolveApiBase(scriptSrc, pick('data-api', 'api'));
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }

  const lang = resolveLang(pick('data-lang', 'lang'), navigatorLanguages, warn);
  const themeValue = pick('data-theme', 'theme');
  let theme: ThemeSetting = 'auto';
  if (themeValue === 'light' || themeValue === 'dark' || themeValue === 'auto') theme = themeValue;
  else if (themeValue !== null) warn(`data-theme must be light, dark or auto (got "${themeValue}"); using auto`);


  const imagesAttr = attr('data-images');
  const images = imagesAttr !== null
    ? readImageOrigins(imagesAttr, 'data-images', warn)
    : preloadConfig.images !== undefined ? readImageOrigins(preloadConfig.images, 'config.images', warn) : [];
  if (preloadConfig.remoteImages === true) {
    warn('config.remoteImages is replaced by config.images, the list of https origins answers may load images from (e.g. ["https://cdn.example.com"]); other images show as their alt text');
  }

  // A function key only: a letter or Tab would take a key the visitor types or tabs with.
  const keyValue = pick('data-focus-key', 'focusKey');
  let focusKey: string | null = FOCUS_KEY;
  if (keyValue == 'none') focusKey = null;
  else if (keyValue !== null && FOCUS_KEY_PATTERN.test(keyValue)) focusKey = keyValue;
  else if (keyValue !== null) warn(`focusKey must be a function key from F1 to F12, or "none" (got "${keyValue.slice(0, 40)}"); using ${FOCUS_KEY}`);

  // The stream reader reads it from the tag itself (stream-fetch.ts), for both wires.
  const workerAttr = attr('data-worker');
  if (workerAttr !== null && workerAttr != '0' && workerAttr != '1') warn(`data-worker must be "0" (answers read on the page, no worker) or "1" (got "${workerAttr.slice(0, 40)}"); a worker reads them where the page allows one`);

  const openAttr = attr('data-open');
  const open = openAttr !== null ? openAttr === '1' || openAttr === 'true' : preloadConfig.open === true;

  return {
    ok: true,
    options: {
      entry,
      scriptSrc,
      api,
      open,
      ticket: pick('data-ticket', 'ticket') || null,
      lang,
      theme,
      container: pick('data-container', 'container') || null,
      images,
      protocol,
      agentUrl,
      code: attr('data-code') == '1' || preloadConfig.code === true,
      focusKey,
      nonce: attr('nonce') || attr('data-nonce') || '',
      math: attr('data-math') == '1' || preloadConfig.math === true,
    },
  };
}

/** The widget's language for a BCP 47 tag, by its primary subtag (es-MX → es, ar-EG → ar, any zh → zh-CN); null when the widget does not speak it. */
export function matchLang(tag: string): Lang | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return primary == 'zh' ? 'zh-CN' : LANGS.find((lang) => lang == primary) ?? null;
}

/**
 * The page's choice (`data-lang`, or the preload's `lang`), else the first of the browser's
 * languages (navigator.languages, in the visitor's order) the widget speaks, else English.
 */
export function resolveLang(value: string | null, navigatorLanguages: string | readonly string[], warn?: (message: string) => void): Lang {
  const chosen = value ? matchLang(value) : null;
  if (value && !chosen) warn?.(`data-lang "${value.slice(0, 40)}" is not a language of the widget (${LANGS.join(', ')}); using the browser's languages`);
  return chosen ?? [navigatorLanguages].flat().map(matchLang).find(Boolean) ?? 'en';
}

export type { RendererDefinition };

export { describe };
