// The widget's optional code, and how it is reached. Each module is named by its file in the split
// build (`dist/split/<name>.js`, beside that build's widget.js); build.mjs reads the table below to
// know what to build, so adding a module is one line here.
//
// `__BAILING_SPLIT__` is fixed at build time (esbuild `define`):
// - false (dist/widget.js, dist/esm): each `import()` below names its source with a string literal,
//   so esbuild puts the module into the one bundle behind a lazy initializer: its top level runs on
//   first use and nothing is fetched. A hub that serves only widget.js (BailingHub does) gets it all.
// - true (dist/split/widget.js): the table is dead code, esbuild leaves the modules out, and the
//   first use imports `<name>.js` from beside the script.

declare const __BAILING_SPLIT__: boolean;

import type { LangTable } from './ui/i18n/table';

// One line per module: `'<name>': () => import('<its source, relative to this file>'),`
// (build.mjs parses these lines; the types of the modules come from their sources).
const BUNDLED = __BAILING_SPLIT__
  ? null
  : {
      'renderers/bailing-form': () => import('../renderers/bailing-form/chunk'),
      'renderers/sandbox': () => import('../renderers/sandbox/chunk'),
      'i18n/zh-CN': () => import('./ui/i18n/zh-CN'),
      'i18n/english': () => import('./ui/i18n/english'),
      'extras': () => import('./ui/extras'),
      'uploader': () => import('./attachments/uploader'),
    };

type Table = NonNullable<typeof BUNDLED>;
export type ModuleName = keyof Table;

/**
 * Modules that neither build carries inside widget.js: each is `<name>.js` beside the script (in
 * dist/ and in dist/split/), fetched the first time a page needs it, so pages that never use it
 * never pay for it. One line per module: `'<name>': '<its source, relative to this file>',`
 * (build.mjs parses these lines too).
 */
const EXTERNAL = {
  'ag-ui': './transport/ag-ui/module',
  'code': './markdown/code-highlight',
  'math': './markdown/math',
  'packs': '../renderers/sandbox/packs/module',
  'openapi': '../renderers/sandbox/packs/openapi-module',
  'sandbox-jsx': '../renderers/sandbox/jsx-host',
  'mcp-apps': '../renderers/mcp-apps/module',
  'a2ui': '../renderers/a2ui/module',
};
export type ExternalModuleName = keyof typeof EXTERNAL;
interface ExternalModules {
  'ag-ui': typeof import('./transport/ag-ui/module');
  'code': typeof import('./markdown/code-highlight');
  'math': typeof import('./markdown/math');
  'packs': typeof import('../renderers/sandbox/packs/module');
  'openapi': typeof import('../renderers/sandbox/packs/openapi-module');
  'sandbox-jsx': typeof import('../renderers/sandbox/jsx-host');
  'mcp-apps': typeof import('../renderers/mcp-apps/module');
  'a2ui': typeof import('../renderers/a2ui/module');
}

/**
 * Languages with a table of their own (besides English and Chinese). dist/widget.js carries them
 * (a hub serves that file alone): each table's values, zipped with the English keys the bundle has
 * anyway (build.mjs rewrites `widget/ui/i18n/<lang>.ts` so), evaluated only when the widget speaks
 * it. The split build fetches `i18n/<lang>.js` from beside its widget.js while the config loads:
 * the values alone, in the key order of the English table (widget/ui/i18n/english.ts), the smallest
 * form to ship. build.mjs reads this line.
 */
export const LANGUAGE_FILES = ['ar', 'es', 'ja'] as const;
export type FileLang = (typeof LANGUAGE_FILES)[number];

const BUNDLED_LANGUAGES = __BAILING_SPLIT__
  ? null
  : {
      ar: () => import('./ui/i18n/ar'),
      es: () => import('./ui/i18n/es'),
      ja: () => import('./ui/i18n/ja'),
    };

/** Language `lang`'s table: bundled, or from its file beside the split build's widget.js. Rejects when it cannot be fetched or evaluated. */
export function loadLanguage(lang: FileLang, scriptSrc: string): Promise<LangTable> {
  if (!__BAILING_SPLIT__) return BUNDLED_LANGUAGES![lang]().then((module) => module.strings);
  return Promise.all([
    import(/* @vite-ignore */ new URL(`i18n/${lang}.js`, scriptSrc).href).then((module: { default: unknown }) => module.default),
    loadModule('i18n/english', scriptSrc),
  ]).then(([values, english]) => english.tableFromValues(values));
}

/** The external module `name`, from beside widget.js (`scriptSrc`). Rejects when it cannot be fetched or evaluated. */
export function loadExternalModule<N extends ExternalModuleName>(name: N, scriptSrc: string): Promise<ExternalModules[N]> {
  void EXTERNAL;
  return import(/* @vite-ignore */ new URL(`${name}.js`, scriptSrc).href);
}

/**
 * The module `name`. `scriptSrc` is widget.js's own URL (the split build's modules sit beside it).
 * Rejects when the module cannot be fetched or evaluated; callers fall back (a renderer to the
 * block's source as code, a language to English).
 */
export function loadModule<N extends ModuleName>(name: N, scriptSrc: string): ReturnType<Table[N]> {
  return (__BAILING_SPLIT__ ? import(new URL(`${name}.js`, scriptSrc).href) : BUNDLED![name]()) as ReturnType<Table[N]>;
}
