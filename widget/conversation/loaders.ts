// The code an answer needs that the widget loads only when first needed, once per page: the
// markdown renderer (with math.js when the owner turned math on) and the footer's extras.

import type { EmbedOptions } from '../embed/embed';
import { loadExternalModule, loadModule } from '../modules';
import { h } from '../ui/dom';
import { trustedHTML } from '../ui/trusted-types';

type Markdown = Pick<typeof import('../markdown/markdown'), 'renderFinal' | 'createLiveRender' | 'useMath' | 'warmUp'>;
let markdown: Markdown | undefined;
let markdownModule: Promise<unknown> | undefined;
/**
 * marked and the DOM builder (widget/modules.ts: `markdown`) run only when an answer first needs
 * them (or the visitor opens the chat: embed/mount.ts): building marked's rules is about a third of the
 * widget's script time at load, and a ready composer needs none of it. Inside dist/widget.js; the
 * split build fetches markdown.js from beside itself, and where that fails answers show as text.
 */
export const loadMarkdown = (scriptSrc: string, warn: (message: string) => void) =>
  (markdownModule ??= loadModule('markdown', scriptSrc).then(
    (module) => (module.useTrustedHTML(trustedHTML), (markdown = module)),
    (error: unknown) => (warn(`could not load markdown.js (${errorMessage(error)}); answers show as plain text`), (markdown = plainText)),
  ));

/**
 * The markdown code, and its lexer run ahead of the first answer (markdown.ts warmUp), when the
 * visitor shows they may ask: not at a turn's start, where it would hold up the turn's requests.
 */
export const warmMarkdown = (scriptSrc: string, warn: (message: string) => void) => void loadMarkdown(scriptSrc, warn).then(() => markdown!.warmUp());

/** Answers as text, paragraphs kept, when the markdown code cannot load. */
const plainText: Markdown = {
  renderFinal: (text) => ({ fragment: paragraph(text), blocks: [] }),
  createLiveRender: (target) => ({ update: (text) => target.replaceChildren(paragraph(text)), finish: () => false }),
  useMath() {},
  warmUp() {},
};
function paragraph(text: string) {
  const fragment = document.createDocumentFragment();
  fragment.appendChild(h('p', {}, [text])).style.whiteSpace = 'pre-wrap';
  return fragment;
}
/** The markdown module, once loaded (`codeFor` said so). */
export const markdownCode = () => markdown!;

let math: typeof import('../markdown/math') | null | undefined;
let mathModule: Promise<unknown> | undefined;
/** math.js and the markdown code, and the lexer told of formulas; a failure leaves formulas as written. */
const loadMath = (scriptSrc: string, warn: (message: string) => void) =>
  (mathModule ??= Promise.all([loadExternalModule('math', scriptSrc), loadMarkdown(scriptSrc, warn)]).then(
    ([module]) => (markdown!.useMath(module), (math = module)),
    (error: unknown) => ((math = null), warn(`could not load math.js (${errorMessage(error)}); formulas stay as written`)),
  ));

/** The formulas' styles in `root`, when math.js is there. */
export const adoptMathStyles = (root: HTMLElement) => math?.adoptMathStyles(root);

/**
 * What rendering `text` in `root` waits on, if anything: the markdown code, then math.js when the
 * owner turned math on and `text` may hold a formula (once: loaded or failed, it is not waited on again).
 */
export const codeFor = ({ scriptSrc, math: withMath }: Pick<EmbedOptions, 'scriptSrc' | 'math'>, text: string, root: HTMLElement, warn: (message: string) => void): Promise<unknown> | false =>
  !markdown ? loadMarkdown(scriptSrc, warn) : withMath && math === undefined && /\$|\\[([]/.test(text) && loadMath(scriptSrc, warn).then(() => adoptMathStyles(root));

let extrasModule: ReturnType<typeof loadModule<'extras'>> | undefined;
/** The footer's module: one load per page, shared by every conversation. */
export const loadExtras = (scriptSrc: string) => (extrasModule ??= loadModule('extras', scriptSrc));

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
