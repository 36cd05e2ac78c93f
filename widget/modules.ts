// The core's optional code, and how it is reached. Each module is named by its file in the split
// build (`dist/split/<name>.js`, beside that build's widget.js); build.mjs reads the table below
// (and the builds' own, builds/modules.ts) to know what to build, so adding a module is one line.
//
// `__BAILING_SPLIT__` is fixed at build time (esbuild `define`):
// - false (dist/widget.js, dist/esm): each `import()` below names its source with a string literal,
//   so esbuild puts the module into the one bundle and nothing is fetched. In dist/widget.js a line
//   ending `// lazy: …` stays behind a lazy initializer (its top level runs on first use); the
//   others are imported statically (build.mjs, staticBundledModules), and no other `import()` of a
//   bundled file may stay (build.mjs, onlyLazyImports). A hub that serves only widget.js
//   (BailingHub does) gets it all.
// - true (dist/split/widget.js): the table is dead code, esbuild leaves the modules out, and the
//   first use imports `<name>.js` from beside the script.

declare const __BAILING_SPLIT__: boolean;

import type { LangTable } from './ui/i18n/table';

// The core's optional modules: one line per module, `'<name>': () => import('<its source, relative
// to this file>'),` (build.mjs parses these lines; the types of the modules come from their sources).
// A line ending `// lazy: …` stays an `import()` inside dist/widget.js too (see build.mjs,
// staticBundledModules): the markdown code, whose top level (marked's rules) is a third of the
// widget's script time, runs when the visitor opens the chat or the first answer needs it, not at load.
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
 * Languages with a table of their own (besides English and Chinese): each is a file beside
 * widget.js, `i18n/<lang>.js` (dist/i18n/ and dist/split/i18n/), fetched while the chat config
 * loads when the widget speaks it: the values alone, in the key order of the English table
 * (widget/ui/i18n/english.ts), the smallest form to ship. Not inside dist/widget.js: there the three
 * tables cost 3.2 KB of gzip -9 that most visitors never read. A host that serves widget.js
 * alone (BailingHub does; its own widget speaks only Chinese) gets English for them, with a
 * warning that says which file to serve, or the preload's `strings`. dist/esm carries them
 * (`__BAILING_LANGUAGES_BESIDE__` false), as do the unit tests. build.mjs reads this line.
 */
export const LANGUAGE_FILES = ['ar', 'es', 'ja'] as const;
export type FileLang = (typeof LANGUAGE_FILES)[number];

declare const __BAILING_LANGUAGES_BESIDE__: boolean;

/** Language `lang`'s table: from its file beside widget.js (bundled in dist/esm). Rejects when it cannot be fetched or evaluated. */
export function loadLanguage(lang: FileLang, scriptSrc: string): Promise<LangTable> {
  // Not a table of `name: () => import(…)` lines: build.mjs would bundle those into widget.js. And
  // written inside this `if`, not as a helper of its own: esbuild drops an `import()` that is dead
  // where it is parsed. Any other `import()` of a file it bundles makes it wrap that file and all it
  // imports (the English table, and from there most of the core) in lazy initializers: 1.6 KB of
  // gzip -9 in dist/widget.js, and its stylesheets no longer together (build.mjs, TOGETHER_FIRST).
  if (!__BAILING_LANGUAGES_BESIDE__) {
    return (lang == 'ar' ? import('./ui/i18n/ar') : lang == 'es' ? import('./ui/i18n/es') : import('./ui/i18n/ja')).then((module) => module.strings);
  }
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
