// The demo's kit for `jsx` views (README, "Generated views"): what a site owner hands views so that
// they look like the site. A classic script (build.mjs bundles it to dist/kit/demo-kit.js) that a
// view's frame runs before the view's JSX: Preact, its hooks, and three components that draw with
// the frame's theme variables. It sets `window.Kit`, whose members the view's code sees by name.
import { Fragment, h, render, type ComponentChildren } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';

const CSS = `
.kit-card { border: 1px solid var(--sandbox-border); border-radius: 12px; padding: 14px 16px; background: var(--sandbox-bg); }
.kit-card > h3 { margin: 0 0 10px; font-size: 16px; }
.kit-field { display: grid; min-width: 0; gap: 4px; margin: 0 0 10px; font-size: 13px; color: var(--sandbox-muted); }
.kit-field input { width: 100%; min-width: 0; box-sizing: border-box; font: inherit; font-size: 15px; color: var(--sandbox-fg); background: var(--sandbox-bg); border: 1px solid var(--sandbox-border); border-radius: 8px; padding: 7px 9px; }
.kit-field input:focus-visible, .kit-button:focus-visible { outline: 2px solid var(--sandbox-accent); outline-offset: 1px; }
.kit-button { font: inherit; border-radius: 8px; padding: 7px 14px; cursor: pointer; border: 1px solid var(--sandbox-border); background: var(--sandbox-bg); color: var(--sandbox-fg); }
.kit-button.primary { background: var(--sandbox-accent); color: var(--sandbox-accent-text); border-color: transparent; }
`;
document.head.append(Object.assign(document.createElement('style'), { textContent: CSS }));

/** A button: `variant` 'primary' (the accent) or 'plain'. */
function Button({ variant = 'plain', onClick, children }: { variant?: 'primary' | 'plain'; onClick?: () => void; children?: ComponentChildren }) {
  return h('button', { type: 'button', class: `kit-button ${variant}`, onClick }, children);
}

/** A card with a title. */
function Card({ title, children }: { title?: string; children?: ComponentChildren }) {
  return h('section', { class: 'kit-card' }, title ? h('h3', null, title) : null, children);
}

/** A labelled input; `onInput` gets the new value (a string). */
function Field({ label, value, type = 'text', onInput }: { label: string; value?: string | number; type?: string; onInput?: (value: string) => void }) {
  return h('label', { class: 'kit-field' }, label, h('input', { type, value, onInput: (e: Event) => onInput?.((e.target as HTMLInputElement).value) }));
}

(window as unknown as { Kit: unknown }).Kit = Object.freeze({ h, Fragment, render, useState, useEffect, useMemo, useRef, Button, Card, Field });
