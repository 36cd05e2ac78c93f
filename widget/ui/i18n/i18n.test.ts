import { describe, expect, it } from 'vitest';
import { LANGS } from '../../embed/embed';
import { EXTRAS_EN } from '../extras-strings';
import { en, loadStrings } from './i18n';
import { EN_ALL, readOverrides, slotsOf, tableFromValues } from './english';
import type { LangTable } from './table';
import { strings as ar } from './ar';
import { strings as es } from './es';
import { strings as ja } from './ja';
import { strings as zh } from './zh-CN';
import { UPLOAD_EN } from '../../attachments/uploader-strings';
import { CODE_EN } from '../code-strings';
import { FORM_EN } from './form-strings';
import { SANDBOX_EN } from './sandbox-strings';

const HUB_THAT_SERVES_NOTHING = 'https://hub.invalid/widget.js';
const TABLES: [string, LangTable][] = [['zh-CN', zh], ['ar', ar], ['es', es], ['ja', ja]];

describe('language tables', () => {
  it('each English text has one home: the parts share no key', () => {
    const parts = [en, EXTRAS_EN, UPLOAD_EN, SANDBOX_EN, CODE_EN, FORM_EN].map((part) => Object.keys(part));
    const all = parts.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(Object.keys(EN_ALL)).toEqual(all);
  });

  it.each(TABLES)('%s has every key of English and no other', (_, table) => {
    expect(Object.keys(table).sort()).toEqual(Object.keys(EN_ALL).sort());
  });

  it.each(TABLES.flatMap(([lang, table]) => Object.keys(EN_ALL).map((key) => [lang, key, table[key as keyof LangTable]] as const)))(
    '%s.%s keeps the English {slots} and is not empty',
    (_, key, text) => {
      expect(text.trim()).not.toBe('');
      expect(slotsOf(text)).toEqual(slotsOf(EN_ALL[key as keyof LangTable]));
    },
  );

  it('a language file is its values in the English key order', () => {
    expect(tableFromValues(Object.keys(EN_ALL).map((key) => es[key as keyof LangTable]))).toEqual(es);
    // A short or broken file leaves English where it has nothing.
    expect(tableFromValues(['Abrir el chat', 7])).toMatchObject({ openChat: 'Abrir el chat', close: 'Close', send: 'Send' });
    expect(tableFromValues(null)).toEqual(EN_ALL);
  });
});

describe('readOverrides', () => {
  it.each([
    ['a text for the chosen language', { ar: { send: 'أرسل' } }, 'ar', { send: 'أرسل' }, []],
    ['other languages are checked, not applied', { en: { send: 'Go' }, es: { send: 'Ir' } }, 'es', { send: 'Ir' }, []],
    ["a module's text (the form's)", { en: { formSubmit: 'Book it' } }, 'en', { formSubmit: 'Book it' }, []],
    ['slots kept, in another order', { en: { formShown: '{title} — {status}' } }, 'en', { formShown: '{title} — {status}' }, []],
    ['an unknown key', { en: { sned: 'Go' } }, 'en', {}, ['window.BailingChat preload: strings["en"]: unknown key "sned" ignored']],
    ['a key inherited from Object', { en: { toString: 'x' } }, 'en', {}, ['window.BailingChat preload: strings["en"]: unknown key "toString" ignored']],
    ['a number', { en: { send: 5 } }, 'en', {}, ['window.BailingChat preload: strings["en"].send must be a string (got number); ignored']],
    ['null', { ja: { send: null } }, 'en', {}, ['window.BailingChat preload: strings["ja"].send must be a string (got null); ignored']],
    [
      'a dropped {slot}',
      { en: { tooManyAttachments: 'Too many attachments' } },
      'en',
      {},
      ['window.BailingChat preload: strings["en"].tooManyAttachments must keep {n} (the English is "Up to {n} attachments per message"); ignored'],
    ],
    [
      'both slots dropped',
      { en: { formNumberRange: 'Out of range' } },
      'en',
      {},
      ['window.BailingChat preload: strings["en"].formNumberRange must keep {max} and {min} (the English is "Enter a number from {min} to {max}."); ignored'],
    ],
    ['a language the widget does not speak', { fr: { send: 'Envoyer' } }, 'en', {}, ['window.BailingChat preload: strings["fr"]: not a language of the widget (en, zh-CN, ar, es, ja); ignored']],
    ['a language that is not an object', { en: 'Go' }, 'en', {}, ['window.BailingChat preload: strings["en"] must be an object of texts by key (got "Go"); ignored']],
    ['not an object at all', ['send'], 'en', {}, ['window.BailingChat preload: "strings" must be an object of languages, e.g. { "en": { "send": "Go" } } (got an array); ignored']],
    ['a good key beside a bad one', { en: { send: 'Go', close: false } }, 'en', { send: 'Go' }, ['window.BailingChat preload: strings["en"].close must be a string (got boolean); ignored']],
  ])('%s', (_, raw, lang, expected, warnings) => {
    const said: string[] = [];
    expect(readOverrides(raw, lang, LANGS, (m) => said.push(m))).toEqual(expected);
    expect(said).toEqual(warnings);
  });
});

describe('loadStrings (self-contained build)', () => {
  it('English is built in', async () => {
    const warnings: string[] = [];
    expect(await loadStrings('en', HUB_THAT_SERVES_NOTHING, (m) => warnings.push(m))).toBe(en);
    expect(warnings).toEqual([]);
  });

  it('zh-CN comes from the bundle: every Chinese text, nothing fetched, no warning', async () => {
    const warnings: string[] = [];
    const strings = await loadStrings('zh-CN', HUB_THAT_SERVES_NOTHING, (m) => warnings.push(m));
    expect(strings).toMatchObject({ send: '发送', placeholder: '输入消息…', openChat: '打开聊天', formSubmit: '提交', viewStop: '停止视图' });
    expect(Object.keys(strings).sort()).toEqual(Object.keys(EN_ALL).sort());
    expect(warnings).toEqual([]);
  });

  it.each([
    ['ar', { send: 'إرسال', openChat: 'فتح المحادثة' }],
    ['es', { send: 'Enviar', openChat: 'Abrir el chat' }],
    ['ja', { openChat: 'チャットを開く', newConversation: '新しい会話' }],
  ] as const)('%s comes from the bundle too: every text, nothing fetched, no warning', async (lang, some) => {
    const warnings: string[] = [];
    const strings = await loadStrings(lang, HUB_THAT_SERVES_NOTHING, (m) => warnings.push(m));
    expect(strings).toMatchObject(some);
    expect(Object.keys(strings).sort()).toEqual(Object.keys(EN_ALL).sort());
    expect(warnings).toEqual([]);
  });

  it("the host's overrides go over the language's texts", async () => {
    const warnings: string[] = [];
    const strings = await loadStrings('zh-CN', HUB_THAT_SERVES_NOTHING, (m) => warnings.push(m), { 'zh-CN': { send: '发出' }, en: { send: 'Go' } });
    expect(strings).toMatchObject({ send: '发出', close: '关闭' });
    expect(warnings).toEqual([]);
  });
});
