// docs/entries.md documents every key of an entry with its type and default. The table's first
// three columns are checked here against the validator itself (the words of each key's check and
// the defaults parseEntriesConfig fills in), so a key added, renamed or retyped in entries.ts
// fails this test until the table says the same.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ROOT_DIR } from '../app';
import { APPEARANCE_CHECKS, ConfigError, DEFAULT_APPEARANCE, SERVER_KEY_CHECKS, SERVER_KEY_DEFAULTS, parseEntriesConfig } from './entries';

const DOC = join(DEFAULT_ROOT_DIR, 'docs/entries.md');
const START = '<!-- entry keys: checked by examples/server/settings/entries-doc.test.ts -->';

const shown = (value: unknown) => (value === undefined ? 'none' : `\`${JSON.stringify(value)}\``);

/** `[key, type, default]` of every key, as the validator has them. */
function validatorRows(): [string, string, string][] {
  return [
    ...Object.entries(APPEARANCE_CHECKS).map(([key, check]): [string, string, string] => [key, check.type, shown(DEFAULT_APPEARANCE[key as keyof typeof DEFAULT_APPEARANCE])]),
    ...Object.entries(SERVER_KEY_CHECKS).map(([key, check]): [string, string, string] => [key, check.type, shown(SERVER_KEY_DEFAULTS[key as keyof typeof SERVER_KEY_DEFAULTS])]),
  ];
}

/** The table after the marker in docs/entries.md: its rows' cells, header and rule left out. */
function documentedRows(): string[][] {
  const text = readFileSync(DOC, 'utf8');
  const at = text.indexOf(START);
  expect(at, `docs/entries.md has the marker ${START}`).toBeGreaterThan(-1);
  const lines = text.slice(at + START.length).trimStart().split('\n');
  const table = lines.slice(0, lines.findIndex((line) => !line.startsWith('|')));
  return table.slice(2).map((line) => line.slice(1, -1).split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|')));
}

describe('docs/entries.md: the entry keys table', () => {
  it('names every key the validator knows, in its order, with its type and default', () => {
    const expected = validatorRows().map(([key, type, value]) => `| \`${key}\` | ${type} | ${value} |`);
    const actual = documentedRows().map(([key, type, value]) => `| ${key} | ${type} | ${value} |`);
    expect(actual, `docs/entries.md's table should begin its rows so:\n${expected.join('\n')}`).toEqual(expected);
  });

  it('says what each key does', () => {
    for (const [key, , , meaning] of documentedRows()) expect(meaning, `${key}: what it does`).toMatch(/\w{3}/);
  });

  // The defaults are those an entry gets: an entry with no keys at all is read as the table says.
  it('an entry without keys gets the documented defaults', () => {
    const entry = parseEntriesConfig({ entries: { bare_entry: {} } }).get('bare_entry')!;
    expect(entry.appearance).toEqual(DEFAULT_APPEARANCE);
    expect(entry.allowedOrigins).toEqual(SERVER_KEY_DEFAULTS.allowed_origins);
    expect(entry.requireTicket).toBe(SERVER_KEY_DEFAULTS.require_ticket);
    expect(entry.ticketSecret).toBe(SERVER_KEY_DEFAULTS.ticket_secret);
  });

  // The type words are the check's own: a value of another type is refused with exactly them.
  it.each(validatorRows())('%s: a value of the wrong type is refused with the documented type', (key, type) => {
    const wrong = key === 'allowed_origins' ? 'https://shop.example.com' : { not: 'this' };
    expect(() => parseEntriesConfig({ entries: { bare_entry: { [key]: wrong } } })).toThrow(ConfigError);
    expect(() => parseEntriesConfig({ entries: { bare_entry: { [key]: wrong } } })).toThrow(`bare_entry.${key}: expected ${type}, got`);
  });
});
