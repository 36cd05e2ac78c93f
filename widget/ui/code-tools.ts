// What an answer's code blocks get from the code module (code.js): a head with the block's
// language and a "Copy code" button, whose result is announced. Put in each block, before its
// code, as the block is drawn (live or final, the same each time, so a redraw keeps it); the code
// itself stays as the markdown renderer drew it.

import { copyText, ICON } from './answer-actions';
import { h, icon } from './dom';
import { CODE_EN, type CodeStrings } from './code-strings';

/** How long the button says "Copied" before it says "Copy code" again. */
const COPIED_MS = 2000;

export const CODE_TOOLS_CSS = `
.bc-code-head {
  display: flex; align-items: center; justify-content: space-between; gap: 8px; min-height: 30px;
  position: sticky; inset-inline-start: -12px; margin: -10px -12px 8px; padding: 0; padding-inline: 12px 2px;
  font: 12px/1.4 var(--bailing-font); white-space: normal; color: var(--bc-muted);
  border-bottom: 1px solid var(--bc-border); background: var(--bc-code-bg);
}
.bc-code-lang { font-family: var(--bailing-mono); overflow-wrap: anywhere; }
.bc-code-copy {
  display: inline-flex; align-items: center; gap: 4px; height: 28px; padding: 0 8px; cursor: pointer;
  font: inherit; color: var(--bc-muted); background: transparent; border: 0; border-radius: 8px;
}
.bc-code-copy svg { width: 14px; height: 14px; }
.bc-code-copy:hover { background: var(--bc-surface); color: var(--bc-fg); }
`;

/**
 * The code elements of the blocks below `root`, or in it when it is a block (the live render
 * prepares a streaming block alone, at each paint: its code's children, thousands of coloured
 * pieces, are not looked through each time).
 */
export function codeBlocks(root: ParentNode): Iterable<HTMLElement> {
  return (root as Element).localName == 'pre' ? [...(root as Element).children].filter((el): el is HTMLElement => el.localName == 'code') : root.querySelectorAll<HTMLElement>('pre > code');
}

/** `words`: the widget's (any language, the host's overrides), over the head's English. */
export function addCodeTools(root: ParentNode, words: Partial<CodeStrings> | undefined, announce: (text: string, assertive?: boolean) => void): void {
  const s: CodeStrings = { ...CODE_EN, ...words };
  for (const code of codeBlocks(root)) {
    if (code.previousElementSibling?.classList.contains('bc-code-head')) continue;
    // The language is the renderer's checked class (`language-<name>`), never raw model text.
    const name = /(?:^|\s)language-(\S+)/.exec(code.className)?.[1] ?? '';
    const label = h('span', { class: 'bc-code-lang' }, [name]);
    const copy = h('button', { type: 'button', class: 'bc-code-copy', 'aria-label': name ? `${s.codeCopy} (${name})` : s.codeCopy }, [icon(ICON.copy), h('span', { 'aria-hidden': 'true' }, [s.codeCopy])]);
    let timer = 0;
    copy.addEventListener('click', () => {
      // The block as it is now (it may still be streaming): its text, not its colours.
      void copyText(code.textContent ?? '', copy).then(
        () => {
          copy.lastElementChild!.textContent = s.codeCopied;
          announce(s.codeCopied);
          clearTimeout(timer);
          timer = +setTimeout(() => (copy.lastElementChild!.textContent = s.codeCopy), COPIED_MS);
        },
        () => announce(s.codeCopyFailed, true),
      );
    });
    // In the block, before its code: it goes when the block goes (a redraw of a streaming answer).
    code.before(h('div', { class: 'bc-code-head' }, [label, copy]));
  }
}
