import { describe as group, expect, it } from 'vitest';
import { readPreload, resolveEmbedOptions, resolveLang } from './embed';

const SRC = 'https://hub.example.com/widget.js';

function resolve(attrs: Record<string, string>, preloadConfig: Record<string, unknown> = {}, lang = 'en-US') {
  const warnings: string[] = [];
  const result = resolveEmbedOptions((name) => attrs[name] ?? null, SRC, preloadConfig, lang, (m) => warnings.push(m));
  return { result, warnings };
}

group('resolveEmbedOptions', () => {
  it.each([
    ['missing', {}, /data-entry="<entry key>"/],
    ['too short', { 'data-entry': 'abc' }, /must match/],
    ['uppercase', { 'data-entry': 'Store' }, /must match/],
    ['space', { 'data-entry': 'bad entry' }, /must match/],
    ['33 characters', { 'data-entry': 'a'.repeat(33) }, /must match/],
    ['bad data-api', { 'data-entry': 'demo', 'data-api': 'ftp://x' }, /data-api/],
    ['unparsable data-api', { 'data-entry': 'demo', 'data-api': 'not a url' }, /data-api/],
  ])('rejects %s with a message that says what is wrong', (_title, attrs, message) => {
    const { result } = resolve(attrs);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  it.each([['demo'], ['store_assistant'], ['a-b_c-1234'], ['a'.repeat(32)]])('accepts the entry %s', (entry) => {
    expect(resolve({ 'data-entry': entry }).result.ok).toBe(true);
  });

  it('fills defaults from the script src and the browser', () => {
    const { result } = resolve({ 'data-entry': 'demo' }, {}, 'zh-TW');
    expect(result).toEqual({
      ok: true,
      options: {
        entry: 'demo',
        scriptSrc: SRC,
        api: 'https://hub.example.com',
        open: false,
        ticket: null,
        lang: 'zh-CN',
        theme: 'auto',
        container: null,
        images: [],
        protocol: 'bailing',
        agentUrl: null,
        code: false,
        focusKey: 'F6',
        nonce: '',
        math: false,
      },
    });
  });

  it.each([
    [{}, {}, 'F6', null],
    [{}, { focusKey: 'F8' }, 'F8', null],
    [{ 'data-focus-key': 'F12' }, { focusKey: 'F8' }, 'F12', null],
    [{}, { focusKey: 'none' }, null, null],
    [{}, { focusKey: 'Tab' }, 'F6', /focusKey must be a function key from F1 to F12, or "none" \(got "Tab"\); using F6/],
    [{}, { focusKey: 'f6' }, 'F6', /got "f6"/],
    [{ 'data-focus-key': 'F13' }, {}, 'F6', /got "F13"/],
  ])('focus key: attributes %j, preload config %j → %s', (attrs, config, focusKey, warning) => {
    const { result, warnings } = resolve({ 'data-entry': 'demo', ...attrs }, config);
    expect(result).toMatchObject({ ok: true, options: { focusKey } });
    if (warning) expect(warnings.join('\n')).toMatch(warning);
    else expect(warnings).toEqual([]);
  });

  it.each([
    [{ 'data-code': '1' }, {}, true],
    [{}, { code: true }, true],
    [{ 'data-code': 'yes' }, {}, false],
    [{}, { code: 'true' }, false],
  ])('data-code %j / preload config %j: code.js is fetched by the drop-in: %s', (attrs, config, code) => {
    const { result } = resolve({ 'data-entry': 'demo', ...attrs }, config);
    expect(result).toMatchObject({ ok: true, options: { code } });
  });

  it.each([
    [{ nonce: 'n0nce' }, 'n0nce'],
    [{ 'data-nonce': 'd4ta' }, 'd4ta'],
    [{ nonce: 'n0nce', 'data-nonce': 'd4ta' }, 'n0nce'],
    [{}, ''],
  ])('nonce from %j: %j (for the <style> fallback)', (attrs, nonce) => {
    const { result } = resolve({ 'data-entry': 'demo', ...attrs });
    expect(result).toMatchObject({ ok: true, options: { nonce } });
  });

  it.each([
    [{ 'data-math': '1' }, {}, true],
    [{}, { math: true }, true],
    [{ 'data-math': 'on' }, {}, false],
    [{}, { math: 1 }, false],
  ])('data-math %j / preload config %j: formulas are drawn by math.js: %s', (attrs, config, math) => {
    const { result } = resolve({ 'data-entry': 'demo', ...attrs }, config);
    expect(result).toMatchObject({ ok: true, options: { math } });
  });

  it.each([
    ['0', null],
    ['1', null],
    ['false', /data-worker must be "0" \(answers read on the page, no worker\) or "1" \(got "false"\); a worker reads them where the page allows one/],
    ['off', /got "off"/],
  ])('data-worker="%s": warned %s', (value, warning) => {
    const { result, warnings } = resolve({ 'data-entry': 'demo', 'data-worker': value });
    expect(result.ok).toBe(true);
    if (warning) expect(warnings.join('\n')).toMatch(warning);
    else expect(warnings).toEqual([]);
  });

  it('reads every attribute', () => {
    const { result } = resolve({
      'data-entry': 'demo',
      'data-api': 'https://api.example.com/hub/',
      'data-open': '1',
      'data-ticket': 'tk',
      'data-lang': 'en',
      'data-theme': 'dark',
      'data-container': '#chat',
    }, {}, 'zh-CN');
    expect(result.ok && result.options).toMatchObject({
      api: 'https://api.example.com/hub',
      open: true,
      ticket: 'tk',
      lang: 'en',
      theme: 'dark',
      container: '#chat',
    });
  });

  it('lets attributes win over the preload config, which fills the gaps', () => {
    const { result } = resolve({ 'data-entry': 'demo', 'data-theme': 'light' }, { theme: 'dark', ticket: 'from-preload', open: true, images: ['https://cdn.example.com'] });
    expect(result.ok && result.options).toMatchObject({ theme: 'light', ticket: 'from-preload', open: true, images: ['https://cdn.example.com'] });
  });

  it('image origins: data-images wins over config.images; bad entries are named and skipped; remoteImages is retired', () => {
    const fromAttr = resolve({ 'data-entry': 'demo', 'data-images': 'https://cdn.example.com  https://img.example.org:8443,http://plain.example' }, { images: ['https://other.example'] });
    expect(fromAttr.result.ok && fromAttr.result.options.images).toEqual(['https://cdn.example.com', 'https://img.example.org:8443']);
    expect(fromAttr.warnings.join('\n')).toMatch(/data-images: "http:\/\/plain.example" is not an https origin/);
    const fromPreload = resolve({ 'data-entry': 'demo' }, { images: ['https://cdn.example.com/path', 42, 'https://ok.example'], remoteImages: true });
    expect(fromPreload.result.ok && fromPreload.result.options.images).toEqual(['https://ok.example']);
    expect(fromPreload.warnings.join('\n')).toMatch(/config.images: "https:\/\/cdn.example.com\/path" is not an https origin/);
    expect(fromPreload.warnings.join('\n')).toMatch(/config.images: 42 is not an https origin/);
    expect(fromPreload.warnings.join('\n')).toMatch(/config.remoteImages is replaced by config.images/);
    const notList = resolve({ 'data-entry': 'demo' }, { images: 'https://cdn.example.com' });
    expect(notList.result.ok && notList.result.options.images).toEqual([]);
    expect(notList.warnings.join('\n')).toMatch(/config.images must be a list of image origins/);
    const warnings: string[] = [];
    expect(readPreload({ config: { images: 'https://cdn.example.com' } }, (m) => warnings.push(m)).config).toEqual({});
    expect(warnings).toEqual(['window.BailingChat preload: config.images must be an array (got "https://cdn.example.com"); ignored']);
  });

  it('warns about an unknown theme and uses the default', () => {
    const { result, warnings } = resolve({ 'data-entry': 'demo', 'data-theme': 'blue' });
    expect(result.ok && result.options.theme).toBe('auto');
    expect(warnings.join('\n')).toMatch(/data-theme must be light, dark or auto \(got "blue"\)/);
  });

  it.each<[string, Record<string, string>, unknown, object]>([
    ['an unknown protocol is an error', { 'data-entry': 'demo', 'data-protocol': 'smtp' }, undefined, { ok: false, error: 'data-protocol must be "bailing" or "ag-ui" (got "smtp")' }],
    ['ag-ui with an agent URL, no entry needed', { 'data-protocol': 'ag-ui', 'data-agent-url': '/agui/demo' }, undefined, { ok: true, options: expect.objectContaining({ protocol: 'ag-ui', agentUrl: '/agui/demo', entry: 'agent' }) }],
    ['a preload agent turns ag-ui on', { 'data-entry': 'demo' }, { url: 'https://agent.example.com/run' }, { ok: true, options: expect.objectContaining({ protocol: 'ag-ui', entry: 'demo' }) }],
    ['data-protocol="bailing" wins over a preload agent', { 'data-entry': 'demo', 'data-protocol': 'bailing' }, { url: 'https://agent.example.com/run' }, { ok: true, options: expect.objectContaining({ protocol: 'bailing' }) }],
  ])('protocol: %s', (_, attrs, agent, expected) => {
    const warnings: string[] = [];
    const result = resolveEmbedOptions((name) => attrs[name] ?? null, SRC, {}, 'en', (m) => warnings.push(m), agent);
    expect(result).toEqual(expected);
  });

  it('an agent URL without data-protocol="ag-ui" is warned about', () => {
    const { result, warnings } = resolve({ 'data-entry': 'demo', 'data-agent-url': 'https://agent.example.com/' });
    expect(result.ok && result.options.protocol).toBe('bailing');
    expect(warnings.join()).toContain('data-agent-url and the preload agent are for data-protocol="ag-ui"; ignored');
  });
});

group('readPreload', () => {
  const read = (value: unknown) => {
    const warnings: string[] = [];
    return { preload: readPreload(value, (m) => warnings.push(m)), warnings };
  };

  it('accepts nothing at all silently', () => {
    expect(read(undefined).warnings).toEqual([]);
  });

  it.each([
    [{ offset_x: 12, offset_y: 80 }, { offset_x: 12, offset_y: 80 }, 0],
    [{ offset_x: '12px', offset_y: 80 }, { offset_y: 80 }, 1],
    [{ offset_y: null }, {}, 1],
  ])('launcher offsets %j (an AG-UI widget has no hub config) → %j, %d warning(s)', (config, kept, warned) => {
    const { preload, warnings } = read({ config });
    expect(preload.config).toEqual(kept);
    expect(warnings).toHaveLength(warned);
    if (warned) expect(warnings[0]).toMatch(/config\.offset_[xy] must be a number/);
  });

  it('keeps valid pieces and warns about each invalid one', () => {
    const renderer = { type: 'x-chart', mount() {} };
    const { preload, warnings } = read({ renderers: [renderer], config: { theme: 7, lang: 'en', nope: 1 }, extra: true });
    expect(preload.renderers).toEqual([renderer]);
    expect(preload.config).toEqual({ lang: 'en' });
    expect(warnings).toEqual([
      'window.BailingChat preload: unknown key "extra" ignored',
      'window.BailingChat preload: config.theme must be a string (got number); ignored',
      'window.BailingChat preload: unknown config key "nope" ignored',
    ]);
  });

  it.each([
    ['a string', 'x', /must be an object/],
    ['renderers not an array', { renderers: {} }, /"renderers" must be an array/],
    ['config not an object', { config: [] }, /"config" must be an object/],
    ['tools not an array', { tools: 'x' }, /"tools" must be an array/],
  ])('warns when the preload is %s', (_title, value, message) => {
    const { warnings } = read(value);
    expect(warnings.join('\n')).toMatch(message);
  });
});

group('resolveLang', () => {
  it.each<[string | null, string[], string, string[]]>([
    // The page's choice wins.
    ['zh-CN', ['en'], 'zh-CN', []],
    ['zh', ['en'], 'zh-CN', []],
    ['en', ['zh-CN'], 'en', []],
    ['ar', ['en-US'], 'ar', []],
    ['es', ['ja'], 'es', []],
    ['ja', [], 'ja', []],
    ['ES-mx', ['en'], 'es', []],
    ['ar_EG', ['en'], 'ar', []],
    // Else the browser's languages, in the visitor's order, by primary subtag.
    [null, ['es-MX', 'en'], 'es', []],
    [null, ['ar-EG'], 'ar', []],
    [null, ['ja-JP', 'en-US'], 'ja', []],
    [null, ['zh-Hans-CN'], 'zh-CN', []],
    [null, ['zh-TW', 'en'], 'zh-CN', []],
    [null, ['fr-FR', 'de', 'es-419', 'ja'], 'es', []],
    [null, ['fr-FR', 'ja-JP', 'es'], 'ja', []],
    [null, ['en-GB', 'ar'], 'en', []],
    ['', ['ja-JP'], 'ja', []],
    // Nothing the widget speaks: English.
    [null, ['fr-FR', 'de-DE'], 'en', []],
    [null, [], 'en', []],
    // A subtag that only starts like one of ours is not it.
    [null, ['arn', 'esu', 'jam'], 'en', []],
    // A page's choice the widget does not speak: said, then the browser's languages.
    ['fr', ['ja-JP'], 'ja', ['data-lang "fr" is not a language of the widget (en, zh-CN, ar, es, ja); using the browser\'s languages']],
  ])('%s with browser %j → %s', (value, browser, expected, warnings) => {
    const said: string[] = [];
    expect(resolveLang(value, browser, (m) => said.push(m))).toBe(expected);
    expect(said).toEqual(warnings);
  });

  it('reads one tag as the only browser language (navigator.language where there is no list)', () => {
    expect(resolveLang(null, 'es-AR')).toBe('es');
  });
});
