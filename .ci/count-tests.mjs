#!/usr/bin/env node
// How many test cases are written, as opposed to how many the runners report: a `test.each`
// table, or a `test(...)` inside a loop, is one written case however many rows it runs.
// Counts call sites of `test`/`it` (and their `.each`/`.only`/`.skip`/`.fixme`/`.fail` forms) in
// the TypeScript syntax tree of every unit test (`*.test.ts`) and browser spec (`e2e/*.spec.ts`).
// Usage: node .ci/count-tests.mjs [--json]

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const ROOT = new URL('..', import.meta.url).pathname;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report']);
const MODIFIERS = new Set(['each', 'only', 'skip', 'fixme', 'fail', 'concurrent', 'sequential']);
const SKIPPING = new Set(['skip', 'fixme', 'todo']);

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith('.')) yield* files(join(dir, entry.name));
    } else if (/\.(test|spec)\.ts$/.test(entry.name)) {
      yield join(dir, entry.name);
    }
  }
}

/** `test`, `test.each(t)`, `it.only` …: the chain of names of a callee, or null if not a test call. */
function testCallee(expr) {
  const names = [];
  for (;;) {
    if (ts.isIdentifier(expr)) {
      names.unshift(expr.text);
      break;
    }
    if (ts.isPropertyAccessExpression(expr)) {
      names.unshift(expr.name.text);
      expr = expr.expression;
    } else if (ts.isCallExpression(expr) && ts.isPropertyAccessExpression(expr.expression) && expr.expression.name.text === 'each') {
      // `test.each(rows)` is itself the callee of the case.
      expr = expr.expression;
    } else {
      return null;
    }
  }
  if (names[0] !== 'test' && names[0] !== 'it') return null;
  return names.slice(1).every((n) => MODIFIERS.has(n)) ? names : null;
}

function count(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const result = { cases: 0, tables: 0, skipped: 0 };
  const visit = (node) => {
    if (ts.isCallExpression(node)) {
      const names = testCallee(node.expression);
      // A table's inner call `test.each(rows)` is visited too; only the outer call is a case.
      const isInnerEach = names && names.at(-1) === 'each' && ts.isCallExpression(node.parent) && node.parent.expression === node;
      if (names && !isInnerEach && node.arguments.length >= 2) {
        result.cases++;
        if (names.includes('each')) result.tables++;
        if (names.some((n) => SKIPPING.has(n))) result.skipped++;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return result;
}

const suites = { unit: { files: 0, cases: 0, tables: 0, skipped: 0 }, browser: { files: 0, cases: 0, tables: 0, skipped: 0 } };
for (const file of files(ROOT)) {
  const suite = relative(ROOT, file).startsWith('e2e/') ? suites.browser : suites.unit;
  const c = count(file);
  suite.files++;
  suite.cases += c.cases;
  suite.tables += c.tables;
  suite.skipped += c.skipped;
}

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(suites));
} else {
  for (const [name, s] of Object.entries(suites)) {
    console.log(`${name}: ${s.cases} written test cases in ${s.files} files (${s.tables} of them tables run once per row; ${s.skipped} skipped)`);
  }
}
