// Styles of the attachment controls (widget/attachments/uploader.ts): the paperclip and microphone in the
// composer, Send while uploads run, the chips above it, the note under them and the drop hint over
// the panel. Adopted into the widget's shadow root when the uploader mounts, so the core does not
// carry them.

export const UPLOADER_CSS = `
.bc-send[aria-disabled="true"] { opacity: .45; cursor: not-allowed; }
.bc-composer .bc-icon-btn { width: 32px; height: 40px; flex: none; }
.bc-composer .bc-rec { color: var(--bc-error); background: var(--bc-error-bg); }
.bc-attbar { padding: 0 12px; }
.bc-chips { list-style: none; margin: 8px 0 0; padding: 0; display: flex; flex-wrap: wrap; gap: 6px; }
.bc-chip { display: flex; align-items: center; gap: 6px; max-width: 100%; padding: 3px; padding-inline-start: 8px; border: 1px solid var(--bc-border); border-radius: 10px; background: var(--bc-surface); font-size: 13px; }
.bc-chip svg { width: 16px; height: 16px; flex: none; }
.bc-chip-img { width: 32px; height: 32px; object-fit: cover; border-radius: 6px; }
.bc-chip-name { max-width: 150px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.bc-chip-status:empty { display: none; }
.bc-chip progress { width: 56px; accent-color: var(--bailing-accent); }
.bc-chip-err { border-color: currentColor; background: var(--bc-error-bg); color: var(--bc-error); }
.bc-chip-x { width: 26px; height: 26px; border: 0; border-radius: 6px; background: transparent; display: grid; place-items: center; padding: 0; }
.bc-chip-x:hover { background: var(--bc-border); }
.bc-chip-x svg { width: 14px; height: 14px; }
.bc-attnote { margin: 6px 0 0; font-size: 12px; color: var(--bc-muted); }
.bc-drop { position: absolute; inset: 8px; z-index: 1; display: grid; place-items: center; border: 2px dashed var(--bailing-accent); border-radius: var(--bailing-radius); background: var(--bc-bg); opacity: .94; font-weight: 600; pointer-events: none; }
`;
