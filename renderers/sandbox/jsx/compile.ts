// JSX to JavaScript with sucrase's JSX transform and nothing else of it (DESIGN.md §8.3): its
// parser, its token processor and its JSXTransformer, driven by a root that copies every other
// token as it is. Classic runtime: `<Card a={1}>x</Card>` becomes `h(Card, {a: 1}, "x")`, fragments
// `Fragment`. Part of dist/jsx.js, which runs inside a view's frame only (build.mjs leaves
// sucrase's TypeScript and Flow parsers out of it: they are never reached with only JSX on).

import { HelperManager } from 'sucrase/dist/esm/HelperManager';
import NameManager from 'sucrase/dist/esm/NameManager';
import TokenProcessor from 'sucrase/dist/esm/TokenProcessor';
import { parse } from 'sucrase/dist/esm/parser';
import { TokenType as tt } from 'sucrase/dist/esm/parser/tokenizer/types';
import JSXTransformer from 'sucrase/dist/esm/transformers/JSXTransformer';

const OPTIONS = { transforms: ['jsx'], jsxRuntime: 'classic', production: true, jsxPragma: 'h', jsxFragmentPragma: 'Fragment' } as const;

/** The part of sucrase's RootTransformer the JSX transformer calls back into. */
class JsxOnly {
  readonly tokens: TokenProcessor;
  private readonly jsx: JSXTransformer;
  constructor(code: string) {
    const file = parse(code, true, false, false);
    const names = new NameManager(code, file.tokens);
    // No ES transforms (the frame's browser runs modern code): optional chaining and the rest stay.
    this.tokens = new TokenProcessor(code, file.tokens, false, true, new HelperManager(names));
    this.jsx = new JSXTransformer(this as never, this.tokens, null, names, OPTIONS as never);
  }
  transform(): string {
    this.tokens.reset();
    this.processBalancedCode();
    return this.jsx.getPrefixCode() + this.tokens.finish().code;
  }
  processBalancedCode(): void {
    let braces = 0;
    let parens = 0;
    while (!this.tokens.isAtEnd()) {
      if (this.tokens.matches1(tt.braceL) || this.tokens.matches1(tt.dollarBraceL)) braces++;
      else if (this.tokens.matches1(tt.braceR)) {
        if (!braces) return;
        braces--;
      }
      if (this.tokens.matches1(tt.parenL)) parens++;
      else if (this.tokens.matches1(tt.parenR)) {
        if (!parens) return;
        parens--;
      }
      this.processToken();
    }
  }
  processToken(): void {
    if (!this.jsx.process()) this.tokens.copyToken();
  }
}

/** Compiles `code` (JavaScript with JSX). Throws a SyntaxError-like Error with a position when it does not parse. */
export const compileJsx = (code: string): string => new JsxOnly(code).transform();
