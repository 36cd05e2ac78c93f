// A `sandbox` view while the model writes it (DESIGN.md §8.3): the placeholder until markup
// arrives, then the view's chrome around a preview frame showing its styles and the markup so far,
// redrawn inside the frame at each call (the live render's pace). No script of the model's runs
// before the view is complete: see preview-markup.ts and preview-frame.ts for the three layers.
// A `jsx` view is drawn by the owner's kit each time what arrived compiles (jsx-document.ts), in a
// frame with no bridge and no network. When the view is complete, its box stays where it is
// (`data-keep`: the final render keeps this container for the mount, DESIGN.md §7), and the
// mount starts the live frame behind the preview's (host.ts).

import type { RendererPreviewContext } from '../../widget/types';
import { BASE_CSS, sandboxThemeCss } from './document';
import { adoptStyles, el, frameTheme, loadJsxHost, ownerPolicy, pageHtml, type SandboxHostOptions } from './host';
import type { JsxAssets } from './jsx-document';
import { drawPlaceholder, placeholderOf } from './preview';
import { portFrame, previewFrame, type PortFrame } from './preview-box';
import { previewView, type PreviewView } from './preview-markup';
import { sandboxStrings } from '../../widget/ui/i18n/sandbox-strings';
import { CONTROL } from './text';

interface Shown {
  /** The last call: drawn again when a jsx view's kit and compiler arrive. */
  last?: RendererPreviewContext;
  view: PreviewView;
  /** The frame's height now; the placeholder's (`initialHeight`: never shorter); the content's as the frame last said it. */
  height: number;
  min: number;
  content: number;
  /** The kit and compiler of a jsx view, and the builder of its frame's document, once they are in. */
  assets?: JsxAssets & { document: typeof import('./jsx-document').jsxPreviewDocument };
  loading?: boolean;
  /** Once there is something to draw: the chrome and its frame. */
  box?: HTMLElement;
  title?: HTMLElement;
  frame?: PortFrame & { draw(view: PreviewView): void };
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
    const block: Shown = (shown = { view, height: 0, min: 0, content: 0 });
    blocks.set(signal, block);
    signal.addEventListener('abort', () => block.frame?.stop(), { once: true });
  }
  const block = shown;
  block.last = context;
  block.view = view;
  block.min = wait.height;
  const trusted = pageHtml(host);
  const policy = ownerPolicy(host?.sandbox);
  const kit = !!view.jsx.trim();
  if (kit && !block.assets && !block.loading) {
    block.loading = true;
    // The kit and the compiler come from the page; a failure, or no valid kit, leaves the
    // placeholder (the mount says why).
    loadJsxHost(host).then((jsx) => {
      const owner = jsx.ownerKit(host?.sandbox);
      if (!owner) return;
      return Promise.all([jsx.kitText(owner), jsx.jsxCompilerText(host.scriptSrc ?? location.href)]).then(([kitSource, compiler]) => {
        block.assets = { kit: kitSource, compiler, document: jsx.jsxPreviewDocument };
        if (!signal.aborted) preview(block.last!, host);
      });
    }).catch(() => {});
  }
  if (!block.box) {
    // Nothing to draw yet (or views are off: the mount will say why): the placeholder.
    if (!policy || !(kit ? block.assets : view.html.trim())) return drawPlaceholder(container, wait);
    adoptStyles(container);
    const strings = sandboxStrings(host?.strings);
    const mode = container.closest('[data-mode]')?.getAttribute('data-mode') == 'dark' ? 'dark' : context.theme.mode;
    const base = BASE_CSS + sandboxThemeCss(frameTheme(context, mode, getComputedStyle(container).fontFamily, host?.sandbox));
    const title = titleOf(payload) ?? strings.viewUntitled;
    const size = () => {
      block.height = Math.min(policy.maxHeight, Math.max(block.min, block.content));
      block.frame!.frame.style.height = block.height + 'px';
    };
    const resized = (height: number) => {
      block.content = height;
      size();
    };
    if (kit) {
      let shownJsx = view.css + '\0' + view.jsx;
      // The jsx preview's document: its CSP lets only its own scripts run, as the preview's does.
      const frame = portFrame(trusted(block.assets!.document(block.assets!, view.css, view.jsx, base, host?.nonce)), title, (data) => typeof data == 'number' && resized(data));
      block.frame = {
        ...frame,
        draw({ css, jsx }) {
          if (css + '\0' + jsx == shownJsx) return;
          shownJsx = css + '\0' + jsx;
          frame.post({ css, jsx });
        },
      };
    } else block.frame = previewFrame(view, base, title, resized, trusted, host?.nonce);
    block.box = el('div', 'sbx');
    block.box.setAttribute('aria-busy', 'true');
    block.title = el('div', 'sbx-title');
    block.box.append(block.title, block.frame.frame, el('div', 'sbx-status'), el('p', 'sbx-caution', strings.viewCaution));
    container.replaceChildren(block.box);
    // Drawn: the mount gets this container with the box in it, in place (moving a frame reloads it).
    container.dataset.keep = '';
    // Its document started with these flags: any document it navigates to gets no scripts.
    if (block.frame.frame.isConnected) block.frame.frame.setAttribute('sandbox', '');
    size();
  }
  const title = titleOf(payload) ?? sandboxStrings(host?.strings).viewUntitled;
  if (block.title!.textContent != title) block.title!.textContent = block.frame!.frame.title = title;
  block.frame!.draw(view);
}
