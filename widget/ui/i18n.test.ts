import { describe, expect, it } from 'vitest';
import { EXTRAS_EN } from './extras-strings';
import { en, loadStrings } from './i18n';
import { UPLOAD_EN } from './uploader-strings';

const HUB_THAT_SERVES_NOTHING = 'https://hub.invalid/widget.js';

describe('loadStrings (self-contained build)', () => {
  it('English is built in', async () => {
    const warnings: string[] = [];
    expect(await loadStrings('en', HUB_THAT_SERVES_NOTHING, (m) => warnings.push(m))).toBe(en);
    expect(warnings).toEqual([]);
  });

  it("zh-CN comes from the bundle: Chinese texts (the uploader's too), nothing fetched, no warning", async () => {
    const warnings: string[] = [];
    const strings = await loadStrings('zh-CN', HUB_THAT_SERVES_NOTHING, (m) => warnings.push(m));
    expect(strings).toMatchObject({ send: '发送', placeholder: '输入消息…', openChat: '打开聊天' });
    expect(Object.keys(strings).sort()).toEqual(Object.keys({ ...en, ...EXTRAS_EN, ...UPLOAD_EN }).sort());
    expect(warnings).toEqual([]);
  });

  it("the uploader's English and the core's share no key (each text has one English default)", () => {
    expect(Object.keys(UPLOAD_EN).filter((key) => key in en)).toEqual([]);
  });
});
