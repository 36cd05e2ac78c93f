// Builds everything the demo, the tests and a site owner need:
//   dist/widget.js        the embeddable IIFE (minified), self-contained: the form, the sandbox host,
//                         English and Chinese are inside it, so a hub that serves only this one file
//                         (the real BailingHub hub does) gets them; Arabic, Spanish and Japanese are
//                         files beside it (dist/i18n/), fetched when the widget speaks them. Size-checked.
//   dist/split/widget.js  the same widget with its optional modules (widget/modules.ts) as files
//                         beside it (dist/split/renderers/…, dist/split/i18n/…), fetched on first
//                         use: a smaller first load for hosts that serve a folder. Size-checked.
//   dist/esm/index.js     the self-contained core as an ES module, with type declarations in dist/types
//   dist/renderers/       host chart adapters (loaded by the host page, in neither budget)
//   dist/server/main.js   the reference chat server (Node, better-sqlite3 kept external)
//   dist/mcp-sandbox.html the MCP Apps sandbox proxy page, for a separate origin
// Prints raw, minified and gzip -9 sizes. Size is deterministic, so a budget may fail the build.
import { build, transform } from 'esbuild';
import { minify as terser } from 'terser';
import { parse as parseJs } from 'acorn';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

/** DESIGN.md §12 (the drop-in's raised, see below), minified + gzip -9. */
const BUDGETS = {
  /**
   * The drop-in, with everything a hub needs inside. 76 KB, not DESIGN.md's 66 KB: since it last
   * fit (67,384 B), keyboard and screen-reader support (1.3 KB), Trusted Types, nonces, a second
   * entry's widget and the offline queue (0.7 KB), Regenerate/Edit and the math hook (1 KB), the
   * language choice, overrides and right-to-left styles (0.9 KB) and the Edit strip (0.4 KB)
   * joined it. Each acts on the first paint or on every turn, and a hub serves this file alone.
   * Kept within 76 KB, with no feature taken out: on 2026-12-02 the conversation as a pure reducer
   * with a view painted from it (+1.6 KB), the kept config (+0.27 KB) and generated views' page
   * variables (+0.46 KB) were paid for by laying out the file for gzip (TOGETHER_FIRST, -1.4 KB),
   * marked's pedantic-only rules (-0.12 KB) and helpers written twice; on 2026-12-03 an answer's
   * versions (0.7 KB), Undo after "New conversation" (0.36 KB), files as cards (0.33 KB) and a tool
   * step line (0.12 KB) by the Arabic, Spanish and Japanese tables (3.2 KB: 79,610 → 76,363 B), now files beside it
   * (dist/i18n/) like the split build's: a hub serving this file alone shows those visitors
   * English (its own widget speaks only Chinese), with a warning naming the file to serve.
   */
  'dist/widget.js': 76 * 1024,
  /**
   * The split build's core: the markdown parser is a file beside it since 2026-12-02
   * (dist/split/markdown.js, fetched when the visitor opens the chat or the first answer needs it), which
   * took it from 47,168 B to about 33 KB.
   */
  'dist/split/widget.js': 45 * 1024,
};
const SPLIT_DIR = 'dist/split';
/** Files earlier builds wrote beside dist/widget.js, which it no longer imports: a stale copy must not hide a regression. */
const RETIRED = ['dist/renderers/bailing-form.js', 'dist/renderers/bailing-form.js.map', 'dist/renderers/sandbox.js', 'dist/renderers/sandbox.js.map', 'dist/i18n/zh-CN.js', 'dist/i18n/zh-CN.js.map'];

const args = new Set(process.argv.slice(2));
const skipTypes = args.has('--no-types');

// dist/ is overwritten in place, never emptied first: a server (or a browser test) reading
// dist/widget.js during a rebuild must not find it missing.
mkdirSync('dist', { recursive: true });

/**
 * The optional modules, from the core's table in widget/modules.ts (`const BUNDLED`) and the
 * builds' in builds/modules.ts (`const RENDERERS`), one line each:
 * `'<name>': () => import('<source>'),`: `[name, source file]`.
 */
const MODULE_TABLES = [['widget/modules.ts', 'BUNDLED'], ['builds/modules.ts', 'RENDERERS']];
function optionalModules() {
  return MODULE_TABLES.flatMap(([path, table]) => {
    const source = new RegExp(`const ${table} = [\\s\\S]*?\\n {4}\\};`).exec(readFileSync(path, 'utf8'))?.[0];
    if (!source) throw new Error(`${path}: no \`const ${table} = … { … };\` table`);
    const modules = [...source.matchAll(/^\s*'([A-Za-z0-9/-]+)': \(\) => import\('([^']+)'\),(?: \/\/ (lazy): .*)?$/gm)].map(([, name, spec, lazy]) => {
      const file = ['.ts', '/index.ts'].map((ext) => join(dirname(path), spec + ext)).find((f) => existsSync(f));
      if (!file) throw new Error(`${path}: the source of module "${name}" (${spec}) does not exist`);
      return [name, file, !!lazy];
    });
    // Every import() in the table must be a line this parser understood.
    const imports = source.split('\n').filter((line) => /=>\s*import\(/.test(line) && !/^\s*(\/\/|\*)/.test(line)).length;
    if (modules.length === 0 || modules.length !== imports) {
      throw new Error(`${path}: read ${modules.length} module lines but the table has ${imports} import('…') calls; keep one \`'<name>': () => import('<source>'),\` per line`);
    }
    return modules;
  });
}

/**
 * The modules neither build carries inside widget.js, from the `EXTERNAL` table of
 * builds/modules.ts (`'<name>': '<source>',`): `[name, source file]`. Each is written beside both
 * widget.js files.
 */
function externalModules() {
  const source = readFileSync('builds/modules.ts', 'utf8');
  const table = /export const EXTERNAL = \{\n([\s\S]*?)\n\};/.exec(source)?.[1];
  if (!table) throw new Error('builds/modules.ts: no `export const EXTERNAL = { … };` table');
  return table.split('\n').map((line) => {
    const m = /^\s*'([A-Za-z0-9/-]+)': '([^']+)',$/.exec(line);
    if (!m) throw new Error(`builds/modules.ts: EXTERNAL: cannot read the line "${line.trim()}"; keep one \`'<name>': '<source>',\` per line`);
    const file = ['.ts', '/index.ts'].map((ext) => join('builds', m[2] + ext)).find((f) => existsSync(f));
    if (!file) throw new Error(`builds/modules.ts: the source of external module "${m[1]}" (${m[2]}) does not exist`);
    return [m[1], file];
  });
}

/** The language files of widget/modules.ts (`export const LANGUAGE_FILES = ['ar', …] as const;`). */
function languageFiles() {
  const line = /^export const LANGUAGE_FILES = \[([^\]]*)\] as const;$/m.exec(readFileSync('widget/modules.ts', 'utf8'))?.[1];
  if (line === undefined) throw new Error("widget/modules.ts: no `export const LANGUAGE_FILES = ['<lang>', …] as const;` line");
  return [...line.matchAll(/'([A-Za-z-]+)'/g)].map((m) => m[1]);
}

/**
 * A language file's text: the values of `widget/ui/i18n/<lang>.ts` alone, in the key order of the
 * English table (widget/ui/i18n/english.ts, which the widget zips them with), as one ES module.
 * Keys would be about a third of each file by gzip -9.
 */
const languageValues = (lang) => {
  // Each table is read once: the drop-in's two bundlings (raw and minified) and the split build's file use it.
  if (!readValues.has(lang)) readValues.set(lang, readLanguageValues(lang));
  return readValues.get(lang);
};
const readValues = new Map();
async function readLanguageValues(lang) {
  const entry = `import { EN_ALL } from './widget/ui/i18n/english'; import { strings } from './widget/ui/i18n/${lang}';
export default Object.keys(EN_ALL).map((key) => strings[key]);`;
  const out = await build({ ...common, ...defines(true), stdin: { contents: entry, resolveDir: '.', loader: 'ts' }, format: 'esm', write: false, minify: true });
  const values = (await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`)).default;
  const bad = values.findIndex((v) => typeof v != 'string');
  if (bad >= 0) throw new Error(`widget/ui/i18n/${lang}.ts: no text for the English table's key number ${bad + 1}`);
  return values;
}
const languageFile = async (lang) => `export default${JSON.stringify(await languageValues(lang))};\n`;

/**
 * Inside dist/widget.js the Chinese table is bundled in the shape of a language file: its values,
 * zipped with the English keys the bundle has anyway (230 B of gzip -9 less than the keyed table).
 * The split build's i18n/zh-CN.js stays keyed, so it needs nothing else to be read; the other
 * languages are the value files written below, beside both widget.js files.
 */
const valuesOnly = {
  name: 'language-values-only',
  setup(b) {
    b.onLoad({ filter: /widget[\\/]ui[\\/]i18n[\\/](zh-CN|[a-z]{2})\.ts$/ }, async (args) => ({
      contents: `import { tableFromValues } from './english';\nexport const strings = tableFromValues(${JSON.stringify(await languageValues(/i18n[\\/]([\w-]+)\.ts$/.exec(args.path)[1]))});\n`,
      loader: 'ts',
      resolveDir: dirname(args.path),
    }));
  },
};

/**
 * Inside dist/widget.js the optional modules of widget/modules.ts and builds/modules.ts are imported statically, not by
 * `import()`: a bundled `import()` makes esbuild wrap each module it reaches in a lazy initializer
 * (its declarations hoisted to `var`s, an init call before every use), some 60 of them here, which
 * cost about 1.4 KB of gzip -9. Their top levels then run when the script loads instead of at
 * first use: definitions and constant tables, nothing that touches the page. The `import()`s
 * stay in the source for the split build, unit tests and dist/esm, which keep them. A line ending
 * `// lazy: <why>` keeps its `import()` here too, for a module whose top level costs load time.
 */
const staticBundledModules = {
  name: 'static-bundled-modules',
  setup(b) {
    b.onLoad({ filter: /(widget|builds)[\\/]modules\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const specs = [];
      // Table lines only (`  'name': () => import('…'),`), not the comments that show their shape.
      let lazy = 0;
      const contents = source.replace(/^(\s*[\w'/-]+: )\(\) => import\('([^']+)'\)(.*)$/gm, (line, key, spec, rest) => {
        if (/\/\/ lazy:/.test(rest)) return (lazy++, line);
        if (!specs.includes(spec)) specs.push(spec);
        return `${key}() => Promise.resolve(__bundled${specs.indexOf(spec)})${rest}`;
      });
      const lines = optionalModules().filter(([, file]) => dirname(file) === dirname(relative('.', args.path))).length;
      if (specs.length + lazy < lines) throw new Error(`${args.path}: build.mjs (staticBundledModules) found ${specs.length} import()s, fewer than the module table's lines`);
      return { contents: specs.map((spec, i) => `import * as __bundled${i} from '${spec}';\n`).join('') + contents, loader: 'ts', resolveDir: dirname(args.path) };
    });
  },
};

/**
 * esbuild wraps each file that a bundled `import()` reaches, and all that file imports, in a lazy
 * initializer. In dist/widget.js only the `// lazy:` modules (staticBundledModules) may be reached
 * so: a stray `import()` of a bundled file (loadLanguage's in widget/modules.ts, once) wrapped most
 * of the core, 1.6 KB of gzip -9, and undid TOGETHER_FIRST's layout. Reads the unminified bundle's
 * metafile; fails the build naming any other `import()`.
 */
function onlyLazyImports({ metafile }) {
  const lazy = new Set(optionalModules().filter(([, , isLazy]) => isLazy).map(([, file]) => file.split('\\').join('/')));
  const stray = Object.entries(metafile.inputs).flatMap(([from, input]) =>
    input.imports.filter((i) => i.kind == 'dynamic-import' && !i.external && !lazy.has(i.path)).map((i) => `${from} imports ${i.path}`),
  );
  if (stray.length) throw new Error(`build.mjs (onlyLazyImports): dist/widget.js wraps in lazy initializers what these import()s reach (${stray.join('; ')}); make each import() dead code where esbuild parses it, or mark its module table line \`// lazy: …\``);
}

/**
 * gzip -9 reads 32 KB back, so what looks alike compresses best side by side. Left where their
 * modules fall, the widget's six stylesheets lie tens of KB apart in dist/widget.js. First in the
 * file, together, and followed by the modules that build what they style (the uploader, the
 * answer's footer and actions) and two small helpers those use, they cost about 1.4 KB less
 * (measured 2026-12-02: 79,210 → 77,822 B; the sheets alone 715 B, the rest by trying each module
 * at the end of the list and keeping those that shrank the file). Only the drop-in is laid out so:
 * the split build's modules are files of their own. An order is a measurement, not a rule: after a
 * large change, try again (2026-12-04, with the core no longer in lazy initializers: page-context.ts
 * added, -74 B). A module placed here runs its top level earlier: in an import cycle that can read a
 * neighbour's constant before it is set (i18n.ts or english.ts here would leave EN_ALL without the
 * core's English), so check that the bundle still works.
 */
const TOGETHER_FIRST = [
  'widget/ui/styles.ts',
  'widget/ui/keyboard-styles.ts',
  'widget/ui/extras-styles.ts',
  'widget/attachments/uploader-styles.ts',
  'renderers/bailing-form/form-styles.ts',
  'renderers/sandbox/styles.ts',
  'widget/attachments/uploader.ts',
  'widget/ui/answer-actions.ts',
  'widget/ids.ts',
  'widget/ui/extras.ts',
  'widget/ui/contrast.ts',
  'widget/embed/page-context.ts',
];
const stylesTogether = {
  name: 'styles-together',
  setup(b) {
    b.onLoad({ filter: /builds[\\/]widget\.ts$/ }, (args) => {
      const missing = TOGETHER_FIRST.filter((f) => !existsSync(f));
      if (missing.length) throw new Error(`build.mjs (stylesTogether): ${missing.join(', ')} no longer exist; update TOGETHER_FIRST`);
      // Imports for their place only: each module is imported for its values elsewhere too.
      const first = TOGETHER_FIRST.map((f) => `import '${relative(dirname(args.path), f).replace(/\\/g, '/').replace(/\.ts$/, '')}';\n`).join('');
      return { contents: first + readFileSync(args.path, 'utf8'), loader: 'ts', resolveDir: dirname(args.path) };
    });
  },
};

/** gzip -9 (DESIGN.md §12): the gzip tool when the machine has one, else Node's zlib at level 9 (about 1 % larger, so stricter). */
function gzip9(file) {
  const zlib = gzipSync(readFileSync(file), { level: 9 }).length;
  try {
    return { bytes: execFileSync('gzip', ['-9c', file], { stdio: ['ignore', 'pipe', 'ignore'] }).length, zlib, tool: 'gzip -9' };
  } catch {
    return { bytes: zlib, zlib, tool: 'Node zlib' };
  }
}

/**
 * esbuild keeps a custom property's value as written (`--bc-bg: #ffffff`, `rgba(15, 23, 42, .18)`,
 * `var(--x, 24px)`): the space after its colon and after the commas in it, and in a `var()`'s
 * fallback, is no part of the value's tokens, so it goes.
 */
const tightCustomProperties = (css) =>
  css
    .replace(/(--[\w-]+):\s*([^;}]*)/g, (_, name, value) => `${name}:${value.replace(/,\s+/g, ',').trim()}`)
    .replace(/var\((--[\w-]+),\s+/g, 'var($1,');

/**
 * The widget's stylesheet is a template string in widget/ui/styles.ts (so tests and tsc see
 * plain TypeScript); in the bundle it is replaced by its minified form.
 */
const minifyWidgetCss = {
  name: 'minify-widget-css',
  setup(b) {
    b.onLoad({ filter: /(widget[\\/]ui[\\/](?:extras-)?styles|widget[\\/]attachments[\\/]uploader-styles|renderers[\\/]bailing-form[\\/]form-styles|renderers[\\/]sandbox[\\/]styles)\.ts$/ }, async (args) => {
      const source = readFileSync(args.path, 'utf8');
      const match = source.match(/export const (\w+) = `([\s\S]*?)`;/);
      if (!match) throw new Error(`${args.path}: expected \`export const NAME = \`...\`;\``);
      const { code } = await transform(match[2], { loader: 'css', minify: true, target: ['chrome90', 'firefox90', 'safari15'] });
      return { contents: `export const ${match[1]} = ${JSON.stringify(tightCustomProperties(code.trim()))};`, loader: 'ts' };
    });
  },
};

/**
 * The widget reads markdown with marked's lexer alone (widget/markdown/markdown.ts builds the DOM from its
 * tokens), but marked ships as one pre-bundled file that ends by building its default instance and
 * hanging the whole API on the `marked` function: statements with effects, which a bundler must
 * keep, and with them the Parser, both Renderers, the Hooks and the Marked class (about 3.3 KB of
 * the 15 KB gzip -9 that marked costs). This loads the file without that tail and exports only the
 * lexer and the defaults, so importing anything else from 'marked' in the bundles fails the build.
 * The tail is found by what it is (`var <instance>=new <Marked>;` with `<Marked>` read from the
 * file's own export list); when marked's file no longer has that shape the build stops and says so.
 */
const MARKED_KEEP = ['Lexer', 'getDefaults'];
/**
 * The widget's lexer never runs with `pedantic` or `breaks` (widget/markdown/markdown.ts sets both off), yet
 * marked builds their rule tables at load: about 370 B of gzip -9 in each widget.js. This points
 * the two tables' `pedantic` (and the inline `breaks`) entries at their `normal` (and `gfm`)
 * siblings and defines the unused tables as those siblings, found in marked's syntax tree (acorn),
 * not by its minified names. A release of another shape stops the build, saying so.
 */
function withoutUnusedRules(source, path) {
  const ast = parseJs(source, { ecmaVersion: 'latest', sourceType: 'module' });
  const tables = [];
  const declarators = new Map();
  const visit = (node) => {
    if (!node || typeof node.type != 'string') return;
    if (node.type == 'VariableDeclarator' && node.id.type == 'Identifier' && node.init) declarators.set(node.id.name, node);
    if (node.type == 'ObjectExpression') {
      const entries = node.properties.map((p) => p.type == 'Property' && !p.computed && p.key.type == 'Identifier' && p.value.type == 'Identifier' && [p.key.name, p.value]);
      const keys = entries.map((e) => e && e[0]).join();
      if (keys == 'normal,gfm,pedantic' || keys == 'normal,gfm,breaks,pedantic') tables.push(Object.fromEntries(entries));
    }
    for (const value of Object.values(node)) for (const child of Array.isArray(value) ? value : [value]) if (child && typeof child == 'object') visit(child);
  };
  visit(ast);
  if (tables.length != 2 || !tables.some((t) => t.breaks)) throw new Error(`${path}: build.mjs (withoutUnusedRules) expected marked's block and inline rule tables ({normal, gfm, pedantic} and {normal, gfm, breaks, pedantic}), found ${tables.length}`);
  // [where, text] edits, applied from the end so the ranges stay right.
  const edits = [];
  for (const table of tables) {
    const unused = [[table.pedantic, table.normal], ...(table.breaks ? [[table.breaks, table.gfm]] : [])];
    for (const [value, instead] of unused) {
      const declared = declarators.get(value.name);
      if (!declared) throw new Error(`${path}: build.mjs (withoutUnusedRules) found no declaration of marked's rule table ${value.name}`);
      edits.push([value, instead.name], [declared.init, instead.name]);
    }
  }
  // The gfm table is the normal one with some rules of its own (`{...normal, paragraph: …}`), and
  // the lexer (gfm on) reads no other: the normal rules it replaces are never read either.
  for (const table of tables) {
    const [normal, gfm] = [table.normal, table.gfm].map((t) => declarators.get(t.name)?.init);
    const [base, ...own] = gfm?.type == 'ObjectExpression' ? gfm.properties : [];
    if (normal?.type != 'ObjectExpression' || base?.type != 'SpreadElement' || base.argument.name != table.normal.name) throw new Error(`${path}: build.mjs (withoutUnusedRules) expected marked's gfm rule table to be {...normal, <its own rules>}`);
    const replaced = new Set(own.map((p) => p.key?.name));
    for (const p of normal.properties) if (replaced.has(p.key?.name) && p.value.type == 'Identifier') edits.push([p.value, '0']);
  }
  let out = source;
  for (const [node, text] of edits.sort((a, b) => b[0].start - a[0].start)) out = out.slice(0, node.start) + text + out.slice(node.end);
  return withoutUnreferencedRules(out);
}

/**
 * The rules only the pedantic and breaks tables used are still built once those tables point
 * elsewhere: a bundler keeps `g(…).replace(…).getRegex()` (it cannot know the calls are pure), about
 * 250 B of gzip -9. This drops, again and again until none is left, each top-level declarator whose
 * name no identifier anywhere in the file mentions (a name shadowed in some function counts as a
 * mention, so it errs on keeping) and whose value only builds a rule: literals, names, objects,
 * and calls of a plain function or of `.replace`/`.getRegex`.
 */
function withoutUnreferencedRules(source) {
  const builds = (node) => {
    if (!node || typeof node.type != 'string') return true;
    if (/^(Assignment|Update|New|Await|Yield|Unary|Function|ArrowFunction|Class)/.test(node.type)) return node.type == 'UnaryExpression' && node.operator != 'delete' && builds(node.argument);
    if (node.type == 'CallExpression' && !(node.callee.type == 'Identifier' || (node.callee.type == 'MemberExpression' && ['replace', 'getRegex'].includes(node.callee.property.name)))) return false;
    return Object.values(node).every((value) => (Array.isArray(value) ? value : [value]).every((child) => !child || typeof child != 'object' || builds(child)));
  };
  for (;;) {
    const ast = parseJs(source, { ecmaVersion: 'latest', sourceType: 'module' });
    const mentions = new Map();
    const count = (node, declared) => {
      if (!node || typeof node.type != 'string') return;
      if (node.type == 'Identifier' && node !== declared) mentions.set(node.name, (mentions.get(node.name) ?? 0) + 1);
      for (const [key, value] of Object.entries(node)) {
        if (key == 'key' && node.type == 'Property' && !node.computed && !node.shorthand) continue;
        if (key == 'property' && node.type == 'MemberExpression' && !node.computed) continue;
        for (const child of Array.isArray(value) ? value : [value]) if (child && typeof child == 'object') count(child, node.type == 'VariableDeclarator' ? node.id : declared);
      }
    };
    count(ast);
    const drop = [];
    for (const statement of ast.body) {
      if (statement.type != 'VariableDeclaration' || statement.declarations.length < 2) continue;
      statement.declarations.forEach((d, i, all) => {
        if (d.id.type != 'Identifier' || mentions.get(d.id.name) || !d.init || !builds(d.init)) return;
        // With the comma before it (after it, for the first), so the list stays a list.
        drop.push(i ? [all[i - 1].end, d.end] : [d.start, all[i + 1].start]);
      });
    }
    if (!drop.length) return source;
    // From the end of the file back; a range that overlaps one already cut (two neighbours) waits for the next round.
    let cutFrom = Infinity;
    for (const [start, end] of drop.sort((a, b) => b[0] - a[0])) {
      if (end > cutFrom) continue;
      source = source.slice(0, start) + source.slice(end);
      cutFrom = start;
    }
  }
}

/**
 * The lexer options widget/markdown/markdown.ts always passes (LEXER_OPTIONS: gfm on, breaks and pedantic
 * off, not silent, no hooks), written into marked's source as the constants they are, so the minifier drops
 * the branches no widget takes: about 250 B of gzip -9 in each widget.js. The options are read
 * from widget/markdown/markdown.ts and marked's defaults, so a change to either stops the build here.
 */
const FIXED_LEXER_OPTIONS = { pedantic: false, gfm: true, breaks: false, silent: false, hooks: null };
function withoutFixedOptions(source, path) {
  const options = /const LEXER_OPTIONS = \{ \.\.\.getDefaults\(\), gfm: true, breaks: false, async: false \};/.test(readFileSync('widget/markdown/markdown.ts', 'utf8'));
  const defaults = /pedantic:\s*!1/.test(source) && /silent:\s*!1/.test(source) && /hooks:\s*null/.test(source);
  if (!options || !defaults) throw new Error(`${path}: build.mjs (withoutFixedOptions) expects widget/markdown/markdown.ts's LEXER_OPTIONS to be { ...getDefaults(), gfm: true, breaks: false, async: false } and marked's defaults to have pedantic and silent false and no hooks`);
  return source.replace(/this\.options\.(pedantic|gfm|breaks|silent|hooks)\b/g, (_, name) => (FIXED_LEXER_OPTIONS[name] === null ? 'null' : FIXED_LEXER_OPTIONS[name] ? '!0' : '!1'));
}

/**
 * The Lexer class's static shortcuts (`Lexer.lex`, `Lexer.lexInline`, `Lexer.rules`), which only
 * marked's own API calls and the widget never does (it makes a lexer of its own options), and the
 * Lexer's and Tokenizer's field declarations without a value (`tokens;options;…`: each constructor
 * sets them, or the Lexer does): a class's members stay in a bundle whether or not anything calls
 * them. Found in the syntax tree, on the classes that have `blockTokens` and `emStrong`; a release
 * without the statics stops the build.
 */
const LEXER_STATICS = ['lex', 'lexInline', 'rules'];
/** The Lexer's and Tokenizer's classes: the only ones the widget's bundle keeps of marked. */
const isLexerClass = (node) => node.type == 'ClassBody' && node.body.some((m) => ['blockTokens', 'emStrong'].includes(m.key?.name));
function withoutLexerStatics(source, path) {
  const cuts = [];
  const fields = [];
  // marked's table of shared regular expressions (`other`, the one with `codeRemoveIndent`), and
  // the properties read outside the classes the bundle drops (Parser, Renderer, Hooks, Marked):
  // its entries no kept code reads are left out too.
  let other;
  const read = new Set();
  const visit = (node, dropped = false) => {
    if (!node || typeof node.type != 'string') return;
    if (node.type == 'ClassBody' && !isLexerClass(node)) dropped = true;
    if (node.type == 'ObjectExpression' && node.properties.some((p) => p.key?.name == 'codeRemoveIndent')) other = node;
    if (node.type == 'MemberExpression' && !node.computed && !dropped) read.add(node.property.name);
    if (node.type == 'ClassBody' && node.body.some((m) => m.key?.name == 'blockTokens')) cuts.push(...node.body.filter((m) => m.type == 'MethodDefinition' && m.static && LEXER_STATICS.includes(m.key.name)));
    if (isLexerClass(node)) fields.push(...node.body.filter((m) => m.type == 'PropertyDefinition' && !m.static && !m.value && !m.computed));
    for (const value of Object.values(node)) for (const child of Array.isArray(value) ? value : [value]) if (child && typeof child == 'object') visit(child, dropped);
  };
  visit(parseJs(source, { ecmaVersion: 'latest', sourceType: 'module' }));
  if (cuts.length != LEXER_STATICS.length || !other) throw new Error(`${path}: build.mjs (withoutLexerStatics) expected marked's Lexer to have the static ${LEXER_STATICS.join(', ')} (found ${cuts.length}) and a table of shared rules with codeRemoveIndent`);
  // Each with the comma after it (a last one's left behind is still a table).
  const unread = other.properties.filter((p) => p.key?.name && !read.has(p.key.name)).map((p) => ({ start: p.start, end: source[p.end] == ',' ? p.end + 1 : p.end }));
  for (const m of [...cuts, ...fields, ...unread].sort((a, b) => b.start - a.start)) source = source.slice(0, m.start) + source.slice(m.end);
  return source;
}

const markedLexerOnly = {
  name: 'marked-lexer-only',
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/]marked[\\/]lib[\\/]marked\.esm\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const names = /export\s*\{([^}]*)\};?\s*(?:\/\/# sourceMappingURL=\S+\s*)?$/.exec(source)?.[1] ?? '';
      const local = (name) => new RegExp(`(?:^|,)\\s*([\\w$]+)\\s+as\\s+${name}\\s*(?:,|$)`).exec(names)?.[1];
      const literal = (name) => name.replace(/\$/g, '\\$');
      const marked = local('Marked');
      const keep = MARKED_KEEP.map((name) => [name, local(name)]);
      const tail = marked && new RegExp(`(?:^|[;}])var [\\w$]+=new ${literal(marked)};`).exec(source);
      if (!tail || keep.some(([, l]) => !l)) {
        throw new Error(`${args.path}: not the shape build.mjs (markedLexerOnly) cuts: it needs an export list naming Marked, ${MARKED_KEEP.join(', ')} and a top-level \`var <instance>=new <Marked>;\``);
      }
      const map = /\/\/# sourceMappingURL=\S+\s*$/.exec(source)?.[0] ?? '';
      const cut = tail.index + (tail[0].startsWith('var') ? 0 : 1);
      return { contents: `${withoutLexerStatics(withoutFixedOptions(withoutUnusedRules(source.slice(0, cut), args.path), args.path), args.path)}export{${keep.map(([name, l]) => `${l} as ${name}`).join(',')}};\n${map}`, loader: 'js' };
    });
  },
};

/**
 * partial-json (the renderer previews' parser, widget/registry/payload.ts) ships only as CommonJS compiled
 * by TypeScript, which a bundler wraps in its CommonJS shim, TypeScript's re-export helpers and
 * live `exports.X` lookups: about 660 B of gzip -9 in each widget.js beyond the parser itself. This
 * loads its files as the ES modules they were written as, by rewriting the statement forms
 * TypeScript emits for imports and exports (each a whole line). Any other mention of `exports` or
 * `require` left in a file stops the build, naming the line, so a new release of another shape
 * cannot be half-converted.
 */
const esmFromTypeScriptCjs = {
  name: 'esm-from-typescript-cjs',
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/]partial-json[\\/]dist[\\/][\w-]+\.js$/ }, (args) => {
      const spec = (s) => JSON.stringify(s.endsWith('.js') ? s : `${s}.js`);
      const local = (expression) => expression.replace(/\bexports\./g, '');
      const contents = readFileSync(args.path, 'utf8')
        .replace(/^"use strict";$/m, '')
        // TypeScript's helpers for `export *` (`var __exportStar = (this && this.__exportStar) || …;`), unused once it is one.
        .replace(/^var (__\w+) = \(this && this\.\1\) \|\| [\s\S]*?^[})].*;$/gm, '')
        .replace(/^Object\.defineProperty\(exports, "__esModule", \{ value: true \}\);$/gm, '')
        .replace(/^exports\.\w+ = (?:exports\.\w+ = )*void 0;$/gm, '')
        .replace(/^const (\w+) = require\("(\.[^"]+)"\);$/gm, (_, name, from) => `import * as ${name} from ${spec(from)};`)
        .replace(/^Object\.defineProperty\(exports, "(\w+)", \{ enumerable: true, get: function \(\) \{ return (\w+\.\w+); \} \}\);$/gm, (_, name, value) => `export const ${name} = ${value};`)
        .replace(/^__exportStar\(require\("(\.[^"]+)"\), exports\);$/gm, (_, from) => `export * from ${spec(from)};`)
        .replace(/^exports\.default = (.+);$/gm, (_, value) => `export default ${local(value)};`)
        .replace(/^exports\.(\w+) = \1;$/gm, (_, name) => `export { ${name} };`)
        .replace(/^exports\.(\w+) = (.+);$/gm, (_, name, value) => `export const ${name} = ${local(value)};`);
      const left = contents.split('\n').find((line) => /\b(?:exports|require|module)\b|\bthis\b/.test(line.replace(/\/\/.*|^\s*\*.*/, '')));
      if (left !== undefined) throw new Error(`${args.path}: build.mjs (esmFromTypeScriptCjs) cannot turn this line into an ES module: ${left.trim()}`);
      return { contents, loader: 'js' };
    });
  },
};

const common = {
  bundle: true,
  plugins: [minifyWidgetCss, markedLexerOnly, esmFromTypeScriptCjs],
  target: ['chrome100', 'firefox100', 'safari15.4'],
  legalComments: 'none',
  logLevel: 'warning',
};

/**
 * `__BAILING_SPLIT__` (widget/modules.ts): whether optional modules are fetched from beside the
 * script; `__BAILING_LANGUAGES_BESIDE__`: whether the Arabic, Spanish and Japanese tables are
 * (both widget.js files), or inside (dist/esm, whose users bundle it themselves).
 */
const defines = (split, languagesBeside = true) => ({ define: { __BAILING_SPLIT__: String(split), __BAILING_LANGUAGES_BESIDE__: String(languagesBeside) } });

/**
 * V8's explicit compile hint (Chromium 136 and later; other engines read a comment): every function
 * in the file is compiled on the thread that parses the script as it downloads, not on the page's
 * main thread at its first call. Only for the two widget.js files, most of whose code runs as the
 * page loads. Measured on 2026-12-05 (docs/performance.md): main-thread CPU to network idle about
 * 6 ms less on the desktop, a phone's ready composer 22 ms sooner with the split build, for
 * 136 KB (split) and 351 KB (drop-in) more heap at load, bytecode of functions not yet called.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Options of terser, which squeezes esbuild's minified output by a few KB of gzip that the budgets
 * need. Measured on the split core (gzip -9): 5 passes instead of 3 save 15 B; not joining
 * statements into comma sequences saves 21 B more (the repeated statement shapes compress better).
 * The `unsafe*` options save a few bytes more but change what some expressions mean (NaN
 * comparisons, `String(symbol)`), so they stay off.
 */
const TERSER = {
  ecma: 2020,
  compress: { passes: 5, sequences: false, pure_getters: true, unsafe_arrows: true },
  mangle: true,
};

/**
 * Bundles `entry` to `outfile` (esbuild, then terser), with a source map chained to the TypeScript
 * sources beside it; `check`, if given, is called with the unminified build and its metafile;
 * `eager` puts COMPILE_HINT first. Returns the unminified size, for the report.
 */
async function bundle(entry, outfile, options, check, eager = false) {
  const raw = await build({ ...common, ...options, entryPoints: [entry], write: false, minify: false, metafile: !!check });
  check?.(raw);
  const bundled = await build({ ...common, ...options, entryPoints: [entry], outfile, minify: true, sourcemap: 'external', write: false });
  const js = bundled.outputFiles.find((f) => f.path.endsWith('.js')).text;
  const map = bundled.outputFiles.find((f) => f.path.endsWith('.map')).text;
  const squeezed = await terser(js, { ...TERSER, ...(eager && { format: { preamble: COMPILE_HINT } }), module: options.format === 'esm', sourceMap: { content: map, url: `${basename(outfile)}.map` } });
  mkdirSync(dirname(outfile), { recursive: true });
  writeFileSync(outfile, squeezed.code);
  writeFileSync(`${outfile}.map`, squeezed.map);
  return raw.outputFiles[0].contents.length;
}

/** What the report prints and the budgets check: `[file, raw bytes]`. */
const sized = [];
sized.push(['dist/widget.js', await bundle('builds/widget.ts', 'dist/widget.js', { format: 'iife', ...defines(false), plugins: [...common.plugins, valuesOnly, staticBundledModules, stylesTogether] }, onlyLazyImports, true)]);
sized.push([`${SPLIT_DIR}/widget.js`, await bundle('builds/widget.ts', `${SPLIT_DIR}/widget.js`, { format: 'iife', ...defines(true) }, undefined, true)]);
// The split build's modules: ES modules the split widget.js imports from beside itself.
const written = new Set([`${SPLIT_DIR}/widget.js`, `${SPLIT_DIR}/widget.js.map`]);
for (const [name, source] of optionalModules()) {
  const outfile = `${SPLIT_DIR}/${name}.js`;
  sized.push([outfile, await bundle(source, outfile, { format: 'esm', ...defines(true) })]);
  written.add(outfile).add(`${outfile}.map`);
}
// The external modules, beside both widget.js files (the same code: they import nothing from it).
for (const [name, source] of externalModules()) {
  const outfile = `dist/${name}.js`;
  sized.push([outfile, await bundle(source, outfile, { format: 'esm', ...defines(true) })]);
  // Bundled again rather than copied: the source map's paths are relative to its own folder.
  await bundle(source, `${SPLIT_DIR}/${name}.js`, { format: 'esm', ...defines(true) });
  written.add(`${SPLIT_DIR}/${name}.js`).add(`${SPLIT_DIR}/${name}.js.map`);
}
// The language files, beside each widget.js (widget/modules.ts, LANGUAGE_FILES).
for (const lang of languageFiles()) {
  const text = await languageFile(lang);
  for (const outfile of [`dist/i18n/${lang}.js`, `${SPLIT_DIR}/i18n/${lang}.js`]) {
    mkdirSync(dirname(outfile), { recursive: true });
    writeFileSync(outfile, text);
    written.add(outfile);
  }
  sized.push([`dist/i18n/${lang}.js`, Buffer.byteLength(text)]);
}
// The JSX compiler (renderers/sandbox/jsx/): a classic script the widget fetches from beside
// itself when a `jsx` view shows, and inlines into that view's frame. Sucrase's JSX transform
// only: its parser's TypeScript and Flow plugins are never reached with only JSX on, so stubs
// that throw stand in for them (a sucrase whose parser calls one of them fails loudly).
const jsxOnly = {
  name: 'sucrase-jsx-only',
  setup(b) {
    b.onLoad({ filter: /sucrase[\\/]dist[\\/]esm[\\/]parser[\\/]plugins[\\/](typescript|flow)\.js$/ }, (args) => {
      const names = [...readFileSync(args.path, 'utf8').matchAll(/^export function (\w+)/gm)].map((m) => m[1]);
      if (names.length < 10) throw new Error(`${args.path}: expected sucrase's parser plugin functions, found ${names.length}`);
      return { contents: names.map((n) => `export function ${n}() { throw new Error('sucrase: only JSX is compiled here'); }`).join('\n'), loader: 'js' };
    });
  },
};
for (const outfile of ['dist/jsx.js', `${SPLIT_DIR}/jsx.js`]) {
  const raw = await bundle('renderers/sandbox/jsx/runner.ts', outfile, { format: 'iife', plugins: [minifyWidgetCss, jsxOnly] });
  if (outfile === 'dist/jsx.js') sized.push([outfile, raw]);
  written.add(outfile).add(`${outfile}.map`);
}
// The demo's kit for `jsx` views (examples/kit/): Preact and three components, for the demo page.
sized.push(['dist/kit/demo-kit.js', await bundle('examples/kit/demo-kit.ts', 'dist/kit/demo-kit.js', { format: 'iife' })]);

// The MCP Apps sandbox proxy page, for owners who serve it on an origin of their own (README, "MCP Apps").
writeFileSync('dist/mcp-sandbox.html', readFileSync('renderers/mcp-apps/mcp-sandbox.html'));

// A module taken out of the table must not linger in dist/split/ (nor old files beside dist/widget.js).
const filesUnder = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
for (const file of filesUnder(SPLIT_DIR)) if (!written.has(relative('.', file).split('\\').join('/'))) rmSync(file);
for (const file of RETIRED) rmSync(file, { recursive: true, force: true });

await build({ ...common, ...defines(false, false), entryPoints: ['builds/esm.ts'], format: 'esm', outfile: 'dist/esm/index.js', minify: false, sourcemap: true });
await build({
  entryPoints: ['examples/server/main.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  outfile: 'dist/server/main.js',
  sourcemap: true,
  logLevel: 'warning',
});

// Host chart adapters (DESIGN.md §8.2): classic scripts a host adds after loading the library
// itself (`window.echarts`, `window.mermaid`, `window.vegaEmbed`), and one ES module with all three.
// They never bundle a chart library, and nothing of them goes into widget.js.
const CHART_ADAPTERS = [
  ['renderers/charts/bundles/echarts.ts', 'dist/renderers/echarts.js'],
  ['renderers/charts/bundles/mermaid.ts', 'dist/renderers/mermaid.js'],
  ['renderers/charts/bundles/vega-lite.ts', 'dist/renderers/vega-lite.js'],
];
if (existsSync('renderers/charts/index.ts')) {
  for (const [entry, outfile] of CHART_ADAPTERS) {
    const unminified = await build({ ...common, entryPoints: [entry], format: 'iife', write: false, minify: false });
    await build({ ...common, entryPoints: [entry], format: 'iife', outfile, minify: true, sourcemap: 'linked' });
    const bytes = readFileSync(outfile);
    const gz = gzipSync(bytes, { level: 9 }).length;
    console.log(`${outfile}  raw ${unminified.outputFiles[0].contents.length} B  minified ${bytes.length} B  gzip -9 ${gz} B`);
  }
  await build({ ...common, entryPoints: ['renderers/charts/index.ts'], format: 'esm', outfile: 'dist/esm/charts.js', minify: false, sourcemap: true });
}

if (!skipTypes) {
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.types.json'], { stdio: 'inherit' });
  // Beside dist/esm/charts.js, so TypeScript finds the adapters' types from the module's own path.
  if (existsSync('renderers/charts/index.ts')) writeFileSync('dist/esm/charts.d.ts', "export * from '../types/renderers/charts/index';\n");
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
let over = false;
for (const [file, rawBytes] of sized) {
  const gzip = gzip9(file);
  const budget = BUDGETS[file];
  const also = gzip.tool === 'gzip -9' ? `; Node zlib level 9: ${gzip.zlib} B` : '';
  console.log(
    `${file}  raw ${kb(rawBytes)}  minified ${kb(statSync(file).size)}  gzip -9 ${kb(gzip.bytes)} (${gzip.bytes} B by ${gzip.tool}${also}${budget ? `; budget ${budget} B` : ''})`,
  );
  if (budget && gzip.bytes > budget) {
    console.error(`build: ${file} is ${gzip.bytes} B gzip -9, over the ${budget} B budget (build.mjs BUDGETS) by ${gzip.bytes - budget} B`);
    over = true;
  }
}
console.log(`dist/server/main.js  ${kb(statSync('dist/server/main.js').size)}`);
// `--over-budget-ok` (local work in progress only) keeps the files and reports the overrun.
if (over && !args.has('--over-budget-ok')) process.exit(1);
