// The entries file: which chat entries exist, how each looks (DESIGN.md §4 `config`) and the
// server-only settings (origins, tickets). Validated once at start, with errors that name the
// exact key, so a typo fails loudly instead of silently falling back to a default.
import { readFileSync } from 'node:fs';
import type { WidgetConfig } from '../../../widget/types';
import { LANGS, MAX_HEIGHT, MAX_OFFSET, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH } from '../../../widget/contract';
import { ENTRY_KEY_PATTERN } from './limits';

export interface EntryConfig {
  key: string;
  appearance: WidgetConfig;
  /** Origins allowed to call this entry from a browser; `*` allows any. */
  allowedOrigins: readonly string[];
  ticketSecret?: string;
  requireTicket: boolean;
}

export type EntriesConfig = ReadonlyMap<string, EntryConfig>;

export const DEFAULT_APPEARANCE: Readonly<WidgetConfig> = Object.freeze({
  enabled: true,
  title: 'Assistant',
  greeting: 'Hi! How can I help you today?',
  color: '#2563eb',
  avatar: '',
  title_align: 'left',
  ai_notice: '',
  powered_by_visible: true,
  powered_by_text: 'Powered by Bailing',
  brand: '',
  launcher_icon: '',
  position: 'right',
  offset_x: 24,
  offset_y: 24,
  width: 380,
  height: 600,
  resizable: true,
  upload: false,
  default_open: false,
  starters: [],
  lang: '',
});

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * A key's check, and the type it wants in words: the words are the error's "expected …" and the
 * type column of the entry keys' table in docs/server.md (entries-doc.test.ts keeps them equal).
 */
export interface Check {
  (value: unknown, where: string): void;
  readonly type: string;
}

const fail = (where: string, expected: string, value: unknown): never => {
  throw new ConfigError(`${where}: expected ${expected}, got ${JSON.stringify(value)}`);
};
const check = (type: string, ok: (v: unknown) => boolean): Check =>
  Object.assign((v: unknown, where: string) => void (ok(v) || fail(where, type, v)), { type });
const text = (max: number): Check => check(`a string of at most ${max} characters`, (v) => typeof v === 'string' && [...v].length <= max);
const bool: Check = check('true or false', (v) => typeof v === 'boolean');
const int = (min: number, max: number): Check =>
  check(`an integer from ${min} to ${max}`, (v) => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max);
const oneOf = (...options: string[]): Check =>
  check(options.map((o) => JSON.stringify(o)).join(' or '), (v) => typeof v === 'string' && options.includes(v));
const colour: Check = check('a hex colour like "#4f46e5"', (v) => typeof v === 'string' && /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/.test(v));
/** Images the widget loads: empty, an https URL or a same-server path. Never `javascript:` or `data:`. */
const imageUrl: Check = check(
  'an empty string, an https:// URL or a /path',
  (v) => typeof v === 'string' && v.length <= 2000 && (v === '' || /^https:\/\/\S+$/.test(v) || /^\/[^/\\]\S*$/.test(v)),
);

/** Every appearance key (served by GET /chat/:entry/config) and its check. */
export const APPEARANCE_CHECKS: Readonly<Record<keyof WidgetConfig, Check>> = {
  enabled: bool,
  title: text(80),
  greeting: text(1000),
  color: colour,
  avatar: imageUrl,
  title_align: oneOf('left', 'center'),
  ai_notice: text(300),
  powered_by_visible: bool,
  powered_by_text: text(80),
  brand: text(80),
  launcher_icon: imageUrl,
  position: oneOf('left', 'right'),
  // What the widget draws (widget/contract.ts): a larger value would be clamped without a word.
  offset_x: int(0, MAX_OFFSET),
  offset_y: int(0, MAX_OFFSET),
  width: int(MIN_WIDTH, MAX_WIDTH),
  height: int(MIN_HEIGHT, MAX_HEIGHT),
  resizable: bool,
  upload: bool,
  default_open: bool,
  starters: check('a list of at most 4 strings of at most 80 characters', (v) => Array.isArray(v) && v.length <= 4 && v.every((s) => typeof s === 'string' && s.trim() !== '' && [...s].length <= 80)),
  lang: oneOf('', ...LANGS),
};

const ORIGIN_PATTERN = /^https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?$/;
/** The shortest ticket secret an entry file may hold at all; outside demo mode see MIN_TICKET_SECRET_CHARS. */
const MIN_SECRET_CHARS = 8;

const origins: Check = Object.assign(
  (v: unknown, where: string) => {
    if (!Array.isArray(v)) fail(where, origins.type, v);
    (v as unknown[]).forEach((origin, i) => {
      if (typeof origin !== 'string' || (origin !== '*' && !ORIGIN_PATTERN.test(origin))) {
        fail(`${where}[${i}]`, '"*" or an origin like "https://shop.example.com"', origin);
      }
    });
  },
  { type: 'a list of "*" or origins like "https://shop.example.com"' },
);

/** The keys that stay on the server (never in the config) and their checks. */
export const SERVER_KEY_CHECKS: Readonly<Record<'allowed_origins' | 'ticket_secret' | 'require_ticket', Check>> = {
  allowed_origins: origins,
  ticket_secret: check(`a string of at least ${MIN_SECRET_CHARS} characters`, (v) => typeof v === 'string' && v.length >= MIN_SECRET_CHARS),
  require_ticket: bool,
};
/** What an entry without them gets (`undefined`: none). */
export const SERVER_KEY_DEFAULTS: Readonly<Record<keyof typeof SERVER_KEY_CHECKS, unknown>> = {
  allowed_origins: [],
  ticket_secret: undefined,
  require_ticket: false,
};

const SERVER_KEYS = new Set(Object.keys(SERVER_KEY_CHECKS));

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function parseEntry(key: string, raw: unknown, where: string): EntryConfig {
  if (!isObject(raw)) fail(where, 'an object', raw);
  const fields = raw as Record<string, unknown>;
  const appearance: Record<string, unknown> = { ...DEFAULT_APPEARANCE };
  for (const [name, value] of Object.entries(fields)) {
    if (SERVER_KEYS.has(name)) continue;
    const check = APPEARANCE_CHECKS[name as keyof WidgetConfig];
    if (!check) {
      throw new ConfigError(`${where}: unknown key "${name}" (known: ${[...Object.keys(APPEARANCE_CHECKS), ...SERVER_KEYS].join(', ')})`);
    }
    check(value, `${where}.${name}`);
    appearance[name] = value;
  }

  for (const [name, check] of Object.entries(SERVER_KEY_CHECKS)) if (fields[name] !== undefined) check(fields[name], `${where}.${name}`);
  const { allowed_origins: allowed = SERVER_KEY_DEFAULTS.allowed_origins, ticket_secret: secret, require_ticket: requireTicket = SERVER_KEY_DEFAULTS.require_ticket } = fields;
  if (requireTicket && secret === undefined) {
    throw new ConfigError(`${where}.require_ticket: needs a ticket_secret to verify tickets with`);
  }

  return {
    key,
    appearance: appearance as unknown as WidgetConfig,
    allowedOrigins: allowed as string[],
    ...(secret !== undefined ? { ticketSecret: secret as string } : {}),
    requireTicket: requireTicket as boolean,
  };
}

/** Validates a parsed entries document; `source` names it in error messages. */
export function parseEntriesConfig(document: unknown, source = 'entries config'): EntriesConfig {
  if (!isObject(document)) fail(source, 'an object with "entries"', document);
  const doc = document as Record<string, unknown>;
  for (const name of Object.keys(doc)) {
    if (name !== 'entries' && name !== '$comment') throw new ConfigError(`${source}: unknown top-level key "${name}"`);
  }
  if (!isObject(doc.entries)) fail(`${source}.entries`, 'an object keyed by entry', doc.entries);
  const entries = new Map<string, EntryConfig>();
  for (const [key, raw] of Object.entries(doc.entries as Record<string, unknown>)) {
    if (!ENTRY_KEY_PATTERN.test(key)) {
      throw new ConfigError(`${source}.entries: entry key "${key}" must match ${ENTRY_KEY_PATTERN}`);
    }
    entries.set(key, parseEntry(key, raw, `${source}.entries.${key}`));
  }
  return entries;
}

/**
 * The ticket secret the shipped entries.json carries. It is published with the code, so anyone
 * can sign a ticket for any user of an entry that keeps it.
 */
export const DEMO_TICKET_SECRET = 'demo-secret-change-me';
/** HMAC-SHA256 keys shorter than this are within reach of guessing from one signed ticket. */
export const MIN_TICKET_SECRET_CHARS = 32;

/**
 * Checks every entry's ticket secret. Outside demo mode a published or short secret is a
 * ConfigError (the server refuses to start); in demo mode each is a warning to print loudly.
 */
export function checkTicketSecrets(entries: EntriesConfig, demo: boolean): string[] {
  const warnings: string[] = [];
  for (const entry of entries.values()) {
    const secret = entry.ticketSecret;
    if (secret === undefined) continue;
    const published = secret === DEMO_TICKET_SECRET;
    if (!published && secret.length >= MIN_TICKET_SECRET_CHARS) continue;
    if (!demo) {
      const problem = published
        ? 'is the demo value published in entries.json, so anyone can sign tickets for it'
        : `has ${secret.length} characters; it needs at least ${MIN_TICKET_SECRET_CHARS}`;
      throw new ConfigError(
        `entry "${entry.key}": its ticket_secret ${problem}. Set a random secret of at least ${MIN_TICKET_SECRET_CHARS} characters ` +
          '(for example the output of `openssl rand -base64 32`), or run the demo as shipped with BAILING_DEMO=1 or --demo (npm start does).',
      );
    }
    warnings.push(
      published
        ? `DEMO MODE: entry "${entry.key}" uses the ticket secret published in entries.json: anyone can sign in as anyone there. Never let others reach this server like this.`
        : `DEMO MODE: entry "${entry.key}" has a ticket secret of ${secret.length} characters (fewer than ${MIN_TICKET_SECRET_CHARS}): its tickets can be forged. Never let others reach this server like this.`,
    );
  }
  return warnings;
}

export function loadEntriesFile(path: string): EntriesConfig {
  let document: unknown;
  try {
    document = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(`${path}: cannot read entries file: ${(error as Error).message}`);
  }
  return parseEntriesConfig(document, path);
}
