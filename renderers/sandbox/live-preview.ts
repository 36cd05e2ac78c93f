// A `sandbox` view while the model writes it (DESIGN.md §8.3): the placeholder until markup
// arrives, then the view's chrome around a preview frame showing its styles and the markup so far,
// redrawn inside the frame at each call (the live render's pace). No script of the model's runs
// before the view is complete: see preview-markup.ts and preview-frame.ts for the three layers.
// When the preview ends, what it drew is kept for the view's mount (preview-box.ts).

import type { RendererPreviewContext } from '../../widget/types';
import { BASE_CSS, sandboxThemeCss } from './document';
import { adoptStyles, el, frameTheme, ownerPolicy, type SandboxHostOptions } from './host';
import { drawPlaceholder, placeholderOf } from './preview';
import { keepPreview, previewFrame, type PreviewFrame } from './preview-box';
import { previewView, type PreviewView } from './preview-markup';
import { sandboxStrings } from './strings';
import { CONTROL } from './text';

interface Shown {
  source: string;
  view: PreviewView;
  /** The frame's height now; the placeholder's (`initialHeight`: never shorter); the content's as the frame last said it. */
  height: number;
  min: number;
  content: number;
  /** Once markup arrived: the chrome and its frame. */
  box?: HTMLElement;
  title?: HTMLElement;
  stand?: PreviewFrame;
}

/** By block: the registry hands every call of one block the same signal. */
const blocks = new WeakMap<AbortSignal, Shown>();

/** The title so far, when it may be shown (the checks the props get when they mount). */
const titleOf = (payload: unknown): string | undefined => {
  const title = (payload as { title?: unknown } | undefined)?.title;
  return typeof title == 'string' && title.trim() && !CONTROL.test(title) ? title : undefined;
};

export function preview(context: RendererPreviewContext, host: SandboxHostOptions): void {
  const { container, signal, payload } = context;
  const wait = placeholderOf(payload);
  const view = previewView(payload);
  let shown = blocks.get(signal);
  if (!shown) {
    const block: Shown = (shown = { source: '', view, height: 0, min: 0, content: 0 });
    blocks.set(signal, block);
    signal.addEventListener('abort', () => {
      block.stand?.stop();
      if (block.box) keepPreview({ source: block.source, view: block.view, height: block.height });
    }, { once: true });
  }
  shown.source = context.source;
  shown.view = view;
  shown.min = wait.height;
  const policy = ownerPolicy(host?.sandbox);
  if (!shown.box) {
    // Nothing to draw yet (or views are off: the mount will say why): the placeholder.
    if (!policy || !view.html.trim()) return drawPlaceholder(container, wait);
    adoptStyles(container);
    const strings = sandboxStrings(container);
    const mode = container.closest('[data-mode]')?.getAttribute('data-mode') == 'dark' ? 'dark' : context.theme.mode;
    const base = BASE_CSS + sandboxThemeCss(frameTheme(context, mode, getComputedStyle(container).fontFamily));
    const block = shown;
    const size = () => {
      block.height = Math.min(policy.maxHeight, Math.max(block.min, block.content));
      block.stand!.frame.style.height = block.height + 'px';
    };
    block.stand = previewFrame(view, base, titleOf(payload) ?? strings.untitled, (height) => {
      block.content = height;
      size();
    });
    block.box = el('div', 'sbx');
    block.box.setAttribute('aria-busy', 'true');
    block.title = el('div', 'sbx-title');
    block.box.append(block.title, block.stand.frame, el('div', 'sbx-status'), el('p', 'sbx-caution', strings.caution));
    container.replaceChildren(block.box);
    // Its document started with these flags: any document it navigates to gets no scripts.
    if (block.stand.frame.isConnected) block.stand.frame.setAttribute('sandbox', '');
    size();
  }
  const title = titleOf(payload) ?? sandboxStrings(container).untitled;
  if (shown.title!.textContent != title) shown.title!.textContent = shown.stand!.frame.title = title;
  shown.stand!.draw(view);
}

