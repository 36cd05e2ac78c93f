// What a finished answer's code blocks get: a head with the block's language and a "Copy code"
// button, whose result is announced. Added by the answer's footer (after the final render), beside
// each block: the block itself stays as the markdown renderer drew it.

import { copyText, ICON } from './answer-actions';
import { h, icon } from './dom';
import type { ExtrasStrings } from './extras-strings';

/** How long the button says "Copied" before it says "Copy code" again. */
const COPIED_MS = 2000;

export function addCodeTools(body: HTMLElement, s: ExtrasStrings, announce: (text: string) => void): void {
  for (const code of body.querySelectorAll<HTMLElement>(':scope > pre > code')) {
    const pre = code.parentElement!;
    if (pre.previousElementSibling?.classList.contains('bc-code-head')) continue;
    // The language is the renderer's checked class (`language-<name>`), never raw model text.
    const lang = /(?:^|\s)language-(\S+)/.exec(code.className)?.[1] ?? '';
    const label = h('span', { class: 'bc-code-lang' }, [lang]);
    const copy = h('button', { type: 'button', class: 'bc-act bc-code-copy', 'aria-label': lang ? `${s.copyCode} (${lang})` : s.copyCode }, [icon(ICON.copy), h('span', { 'aria-hidden': 'true' }, [s.copyCode])]);
    let timer = 0;
    copy.addEventListener('click', () => {
      void copyText(code.textContent ?? '', copy).then(
        () => {
          copy.lastElementChild!.textContent = s.copied;
          announce(s.copied);
          clearTimeout(timer);
          timer = +setTimeout(() => (copy.lastElementChild!.textContent = s.copyCode), COPIED_MS);
        },
        () => announce(s.copyFailed),
      );
    });
    pre.before(h('div', { class: 'bc-code-head' }, [label, copy]));
  }
}
