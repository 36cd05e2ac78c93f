// The rules of docs/architecture.md that a reader relies on, checked over the source rather than
// trusted: no source file over 400 lines; no function over 120 lines unless a `// Long because`
// line just above it says why; no runtime import from widget/ into renderers/ or builds/; no
// runtime import cycles. Tests, fixtures and declaration files are not held to the sizes.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..');
const FOLDERS = ['widget', 'renderers', 'builds', 'examples'];
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 120;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'fixtures' ? [] : sources(path);
    return /\.ts$/.test(name) && !/\.(test|d)\.ts$/.test(name) ? [path] : [];
  });
}

const files = FOLDERS.flatMap((f) => sources(join(ROOT, f)));
const parsed = new Map(files.map((f) => [f, ts.createSourceFile(f, readFileSync(f, 'utf8'), ts.ScriptTarget.Latest, true)]));
const name = (f: string) => relative(ROOT, f);

/** Functions over the limit with no reason written above them, as `file:line (n lines)`. */
function longFunctions(sf: ts.SourceFile): string[] {
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node)) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart()).line;
      const lines = sf.getLineAndCharacterOfPosition(node.getEnd()).line - start + 1;
      const above = sf.text.slice(0, node.getStart()).split('\n').slice(-8).join('\n');
      if (lines > MAX_FUNCTION_LINES && !/\/\/ Long because /.test(above)) out.push(`${name(sf.fileName)}:${start + 1} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** The files `sf` imports at run time (not `import type`), resolved to source files. */
function runtimeImports(sf: ts.SourceFile): string[] {
  const out: string[] = [];
  for (const statement of sf.statements) {
    if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) || !statement.moduleSpecifier) continue;
    if (ts.isImportDeclaration(statement) ? statement.importClause?.isTypeOnly : statement.isTypeOnly) continue;
    const clause = ts.isImportDeclaration(statement) ? statement.importClause : undefined;
    const bindings = clause?.namedBindings;
    // `import { type A, type B }` with no default import brings nothing at run time.
    if (clause && !clause.name && bindings && ts.isNamedImports(bindings) && bindings.elements.length && bindings.elements.every((e) => e.isTypeOnly)) continue;
    const spec = (statement.moduleSpecifier as ts.StringLiteral).text;
    if (!spec.startsWith('.')) continue;
    const base = resolve(dirname(sf.fileName), spec);
    const found = [base + '.ts', join(base, 'index.ts'), base].find((p) => parsed.has(p));
    if (found) out.push(found);
  }
  return out;
}

describe('the shape of the code (docs/architecture.md)', () => {
  it(`no source file is over ${MAX_FILE_LINES} lines`, () => {
    expect(files.filter((f) => parsed.get(f)!.text.split('\n').length > MAX_FILE_LINES + 1).map(name)).toEqual([]);
  });

  it(`no function is over ${MAX_FUNCTION_LINES} lines without a "// Long because" line above it`, () => {
    expect([...parsed.values()].flatMap(longFunctions)).toEqual([]);
  });

  it('the core imports no renderer and no build at run time', () => {
    const reach = files
      .filter((f) => name(f).startsWith('widget/'))
      .flatMap((f) => runtimeImports(parsed.get(f)!).filter((to) => /^(renderers|builds)\//.test(name(to))).map((to) => `${name(f)} → ${name(to)}`));
    expect(reach).toEqual([]);
  });

  it('there are no import cycles at run time', () => {
    const graph = new Map(files.map((f) => [f, runtimeImports(parsed.get(f)!)]));
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const walk = (file: string, path: string[]) => {
      state.set(file, 'open');
      for (const next of graph.get(file) ?? []) {
        if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next].map(name).join(' → '));
        else if (!state.has(next)) walk(next, [...path, next]);
      }
      state.set(file, 'done');
    };
    for (const f of files) if (!state.has(f)) walk(f, [f]);
    expect(cycles).toEqual([]);
  });
});
