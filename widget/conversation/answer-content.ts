// What an answer's bubble holds besides its footer: its markdown's final render with the renderer
// blocks mounted in it (their `respond` starts the next turn), the parts the backend draws above
// it (tool steps, reasoning, generated UI), and the card of what it asks the visitor to decide.

import type { PartsTools } from './backend';
import type { ConversationDeps } from './conversation';
import type { ImagePolicy } from '../markdown/image-origins';
import { responsesFor } from './history';
import { markdownCode } from './loaders';
import { fallbackBlock } from '../registry/fallback';
import type { MountGroup } from '../registry/registry';
import { keptFor, type AssistantBubble } from '../ui/messages';
import type { ViewContext } from './view';

export function createAnswerContent({ backend, list, registry, strings, theme }: ConversationDeps, ctx: ViewContext, images: ImagePolicy, pending: (text: string) => Promise<unknown> | false) {
  /**
   * Answer text `text` of `jobId` as its final render, through `setContent`; its renderer blocks
   * mount into `group` (a new one by default), told whether the answer was drawn from the history.
   */
  function paintMarkdown(setContent: (fragment: DocumentFragment) => void, text: string, jobId: string | undefined, restored: boolean, group = registry.createGroup()): MountGroup | null {
    const { fragment, blocks } = markdownCode().renderFinal(text, { isRendererType: (type) => registry.has(type), images, words: strings });
    setContent(fragment);
    if (blocks.length === 0 || !jobId) {
      for (const block of blocks) keptFor(block.placeholder).replaceWith(fallbackBlock(block.type, block.source));
      return null;
    }
    for (const block of blocks) group.add(mount(jobId, block.type, block.source, keptFor(block.placeholder), restored));
    return group;
  }

  /** Renderer `type` of answer `jobId` in `container`; its `respond` starts the next turn. */
  const mount = (jobId: string, type: string, source: string, container: HTMLElement, restored: boolean, activity?: Parameters<PartsTools['mount']>[3]) =>
    registry.mount({
      type,
      source,
      container,
      theme: theme(),
      message: { jobId, responses: responsesFor(ctx.state().items, jobId), restored },
      respond: (response, presentation) => ctx.respond(jobId, type, registry.get(type)?.version ?? 1, response, presentation),
      activity,
    });

  /** The page's renderers and markdown, for parts of answer `jobId` in `bubble` (their mounts go in `group`); `restored`: drawn from the history. */
  function partsTools(jobId: string, group: MountGroup, bubble: AssistantBubble, restored: boolean): PartsTools {
    return {
      has: (type) => registry.has(type),
      preview: (type, container, source) => registry.preview(type, container, source, theme()),
      message() {
        const { el, setContent } = list.addAssistant();
        const show = (source: string, final: boolean): void => {
          const wait = pending(source);
          void (wait ? wait.then(() => show(source, final)) : paintMarkdown(setContent, source, final ? jobId : undefined, restored, group));
        };
        return { el, show };
      },
      user: (text) => list.addUser(text, null, 0),
      below(node) {
        bubble.body.after(node);
        // Generated UI wants the panel's width, as tables and code do.
        bubble.el.classList.add('bc-wide');
      },
      mount(type, source, container, activity) {
        const handle = group.add(mount(jobId, type, source, container, restored, activity));
        return () => handle.destroy();
      },
    };
  }

  /** An answer's kept parts, drawn above it again (a reload, a re-render of the history). */
  function paintKeptParts(bubble: AssistantBubble, jobId: string): MountGroup | null {
    const parts = backend.partsOf?.(jobId);
    if (!parts?.length || !backend.drawParts) return null;
    const el = document.createElement('div');
    bubble.el.before(el);
    const group = registry.createGroup();
    backend.drawParts(el, parts, partsTools(jobId, group, bubble, true));
    return group;
  }

  /** The card of what answer `jobId` asks the visitor to decide, when the backend has one. */
  function showDecision(bubble: AssistantBubble, jobId: string) {
    if (!backend.drawDecision) return;
    const el = document.createElement('div');
    // In place first (the card's styles go to the root it is drawn in): last in the bubble, before its status line.
    bubble.el.insertBefore(el, bubble.el.lastChild);
    if (!backend.drawDecision(el, jobId, ctx.decisionTools)) el.remove();
  }

  return [paintMarkdown, partsTools, paintKeptParts, showDecision] as const;
}
