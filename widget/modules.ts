// The core's optional code, and how it is reached. Each module is named by its file in the split
// build (`dist/split/<name>.js`, beside that build's widget.js); build.mjs reads the table below
// (and the builds' own, builds/modules.ts) to know what to build, so adding a module is one line.
//
// `__BAILING_SPLIT__` is fixed at build time (esbuild `define`):
// - false (dist/widget.js, dist/esm): each `import()` below names its source with a string literal,
//   so esbuild puts the module into the one bundle behind a lazy initializer: its top level runs on
//   first use and nothing is fetched. A hub that serves only widget.js (BailingHub does) gets it all.
// - true (dist/split/widget.js): the table is dead code, esbuild leaves the modules out, and the
//   first use imports `<name>.js` from beside the script.

declare const __BAILING_SPLIT__: boolean;

import type { LangTable } from './ui/i18n/table';

// The core's optional modules: one line per module, `'<name>': () => import('<its source, relative
// to this file>'),` (build.mjs parses these lines; the types of the modules come from their sources).
// A line ending `// lazy: …` stays an `import()` inside dist/widget.js too (see build.mjs,
// staticBundledModules): the markdown code, whose top level (marked's rules) is a third of the
// widget's script time, runs when the first answer needs it or the page is idle, not at load.
// The renderers a build carries are its own business (builds/modules.ts).
const BUNDLED = __BAILING_SPLIT__
  ? null
  : {
      'i18n/zh-CN': () => import('./ui/i18n/zh-CN'),
      'i18n/english': () => import('./ui/i18n/english'),
      'extras': () => import('./ui/extras'),
      'uploader': () => import('./attachments/uploader'),
      'markdown': () => import('./markdown/markdown'), // lazy: its top level runs at first use
    };

type Table = NonNullable<typeof BUNDLED>;
export type ModuleName = keyof Table;

/** The external modules the core itself loads (builds/modules.ts lists every external module and its source). */
interface CoreExternalModules {
  'ag-ui': typeof import('./transport/ag-ui/module');
  'code': typeof import('./markdown/code-highlight');
  'math': typeof import('./markdown/math');
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
    importBeside(`i18n/${lang}`, scriptSrc).then((module) => (module as { default: unknown }).default),
    loadModule('i18n/english', scriptSrc),
  ]).then(([values, english]) => english.tableFromValues(values));
}

/** A module's file beside widget.js (`scriptSrc`): `<name>.js`. Rejects when it cannot be fetched or evaluated. */
export const importBeside = (name: string, scriptSrc: string): Promise<unknown> => import(/* @vite-ignore */ new URL(`${name}.js`, scriptSrc).href);

/**
 * The external module `name` (builds/modules.ts: EXTERNAL), from beside widget.js (`scriptSrc`).
 * Rejects when it cannot be fetched or evaluated. The core's own are typed here; a renderer names
 * the type of the module it loads.
 */
export function loadExternalModule<N extends keyof CoreExternalModules>(name: N, scriptSrc: string): Promise<CoreExternalModules[N]>;
export function loadExternalModule<T>(name: string, scriptSrc: string): Promise<T>;
export function loadExternalModule(name: string, scriptSrc: string): Promise<unknown> {
  return importBeside(name, scriptSrc);
}

/**
 * The module `name`. `scriptSrc` is widget.js's own URL (the split build's modules sit beside it).
 * Rejects when the module cannot be fetched or evaluated; callers fall back (a renderer to the
 * block's source as code, a language to English).
 */
export function loadModule<N extends ModuleName>(name: N, scriptSrc: string): ReturnType<Table[N]> {
  return (__BAILING_SPLIT__ ? importBeside(name, scriptSrc) : BUNDLED![name]()) as ReturnType<Table[N]>;
}
