// Styles of what shows under an answer (widget/ui/answer-footer.ts). Adopted into the widget's
// shadow root with the footer's module, so the split build's core does not carry them.

export const EXTRAS_CSS = `
.bc-after > .bc-atts { margin: 0; }
.bc-after { align-self: flex-start; max-width: 88%; margin-top: -6px; display: flex; flex-direction: column; gap: 6px; font-size: 13px; }
.bc-acts { display: flex; align-items: center; gap: 2px; flex-wrap: wrap; }
.bc-act {
  width: 30px; height: 30px; display: grid; place-items: center; padding: 0;
  border: 0; border-radius: 8px; background: transparent; color: var(--bc-muted); cursor: pointer;
}
.bc-act svg { width: 16px; height: 16px; }
.bc-act-named { width: auto; display: flex; gap: 4px; padding: 0 8px; font: inherit; }
.bc-act:hover { background: var(--bc-surface); color: var(--bc-fg); }
.bc-act[aria-pressed="true"], .bc-act[aria-expanded="true"] { color: var(--bailing-accent); background: color-mix(in srgb, var(--bailing-accent) 12%, transparent); }
.bc-act-status { color: var(--bc-muted); margin-inline-start: 6px; }
/* Beside the question's bubble, at its bottom: no row of its own. */
.bc-msg-user:has(> .bc-edit) { position: relative; }
.bc-edit { position: absolute; inset-inline-end: 100%; bottom: 0; margin-inline-end: 4px; }
.bc-editing { display: flex; justify-content: space-between; align-items: center; margin: 8px 12px -4px; padding: 4px 4px 4px 12px; border-radius: 8px; font-size: 13px; background: var(--bc-surface); }
.bc-msg.bc-redone { background: transparent; color: var(--bc-muted); border: 1px dashed var(--bc-border); }
.bc-redone-tag { display: block; margin-top: 6px; font-size: 12px; font-style: italic; color: var(--bc-muted); }
.bc-after[aria-busy="true"] .bc-act { opacity: .6; }
.bc-note { display: flex; flex-direction: column; gap: 6px; width: min(340px, 100%); }
.bc-note-input {
  font: inherit; font-size: 13px; color: var(--bc-fg); background: var(--bc-bg); resize: vertical;
  border: 1px solid var(--bc-border); border-radius: 8px; padding: 6px 8px;
}
.bc-note-row { display: flex; justify-content: flex-end; gap: 6px; }
.bc-note-btn { font: inherit; font-size: 13px; padding: 4px 12px; border-radius: 8px; border: 1px solid var(--bc-border); background: var(--bc-bg); color: var(--bc-fg); cursor: pointer; }
.bc-note-send { background: var(--bailing-accent); border-color: var(--bailing-accent); color: var(--bailing-accent-text); }
.bc-sources { border-inline-start: 2px solid var(--bc-border); padding-inline-start: 10px; }
.bc-src-head { margin: 0 0 4px; font-size: 12px; font-weight: 600; color: var(--bc-muted); text-transform: uppercase; letter-spacing: .04em; }
.bc-src-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 4px; }
.bc-src { border-radius: 6px; padding: 2px 4px; }
.bc-src-n { color: var(--bc-muted); font-variant-numeric: tabular-nums; }
.bc-src-title { font-weight: 600; }
.bc-src-snippet { display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; color: var(--bc-muted); }
.bc-src-hit { background: color-mix(in srgb, var(--bailing-accent) 14%, transparent); }
.bc-cite {
  font: inherit; font-size: .72em; line-height: 1.2; cursor: pointer;
  /* Raised by offset, not vertical-align: the line keeps its height. */
  position: relative; top: -.45em; min-width: 1.4em; padding: 0 3px; margin: 0 1px; border-radius: 5px;
  border: 1px solid color-mix(in srgb, var(--bailing-accent) 40%, transparent);
  background: color-mix(in srgb, var(--bailing-accent) 10%, transparent); color: var(--bc-link);
}
`;
