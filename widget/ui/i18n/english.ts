// Every English text of the widget and its modules in one table, and what needs all of it at once:
// reading a language file (its values come in this table's key order, build.mjs) and checking a
// host's overrides. An optional module (widget/modules.ts: i18n/english), inside dist/widget.js,
// beside the split build's widget.js, loaded only for a language file or an override, so an
// English page of the split build does not carry the modules' English in its core.
import { CODE_EN } from '../code-strings';
import { EXTRAS_EN } from '../extras-strings';
import { en } from './i18n';
import type { LangTable } from './table';
import { UPLOAD_EN } from '../../attachments/uploader-strings';
import { FORM_EN } from './form-strings';
import { SANDBOX_EN } from './sandbox-strings';
import { describe } from '../../embed/describe';

export const EN_ALL: LangTable = { ...en, ...EXTRAS_EN, ...UPLOAD_EN, ...SANDBOX_EN, ...CODE_EN, ...FORM_EN };

/** The `{slots}` of a text, sorted. */
export const slotsOf = (text: string): string[] => [...new Set(text.match(/\{\w+\}/g))].sort();

/** A language file's values (in {@link EN_ALL}'s key order) as a table; English where one is missing or not a string. */
export function tableFromValues(values: unknown): LangTable {
  const list = Array.isArray(values) ? values : [];
  return Object.fromEntries(Object.keys(EN_ALL).map((key, i) => [key, typeof list[i] == 'string' ? list[i] : EN_ALL[key as keyof LangTable]])) as LangTable;
}

/**
 * The host's overrides for `lang` from the preload's `strings` (`{ <lang>: { <key>: text } }`).
 * Every language given is checked, so a mistake shows whatever language the visitor gets; a
 * language the widget does not speak, an unknown key, a text that is not a string and one that
 * leaves out a `{slot}` of the English text (the widget would show the raw slot's value nowhere)
 * are each warned about and ignored.
 */
export function readOverrides(raw: unknown, lang: string, langs: readonly string[], warn: (message: string) => void): Partial<LangTable> {
  const chosen: Record<string, string> = {};
  if (!raw || typeof raw != 'object' || Array.isArray(raw)) {
    warn(`window.BailingChat preload: "strings" must be an object of languages, e.g. { "en": { "send": "Go" } } (got ${describe(raw)}); ignored`);
    return chosen;
  }
  for (const [tag, texts] of Object.entries(raw)) {
    const where = `window.BailingChat preload: strings["${tag}"]`;
    if (!langs.includes(tag)) {
      warn(`${where}: not a language of the widget (${langs.join(', ')}); ignored`);
      continue;
    }
    if (!texts || typeof texts != 'object' || Array.isArray(texts)) {
      warn(`${where} must be an object of texts by key (got ${describe(texts)}); ignored`);
      continue;
    }
    for (const [key, text] of Object.entries(texts as Record<string, unknown>)) {
      const english = Object.hasOwn(EN_ALL, key) ? EN_ALL[key as keyof LangTable] : undefined;
      const missing = english !== undefined && typeof text == 'string' ? slotsOf(english).filter((slot) => !text.includes(slot)) : [];
      if (english === undefined) warn(`${where}: unknown key "${key}" ignored`);
      else if (typeof text != 'string') warn(`${where}.${key} must be a string (got ${describe(text)}); ignored`);
      else if (missing.length) warn(`${where}.${key} must keep ${missing.join(' and ')} (the English is "${english}"); ignored`);
      else if (tag == lang) chosen[key] = text;
    }
  }
  return chosen;
}
