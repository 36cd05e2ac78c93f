// The footer under a finished answer (its attachments, sources and actions: widget/ui/answer-footer.ts),
// added once the extras module is there, with Regenerate and Edit on the last turn, and the "Editing
// your question" strip that Edit puts above the composer until the message is sent or cancelled.

import type { AttachmentPolicy } from '../attachments/attachments';
import { splitUserMessage } from '../attachments/uploads';
import type { ConversationDeps } from './conversation';
import { redoable } from './history';
import { errorMessage, loadExtras } from './loaders';
import type { HistoryItem } from '../types';
import type { AssistantBubble } from '../ui/messages';
import type { Versions } from './versions';
import type { RenderedItem, ViewContext } from './view';

export function createFooters(deps: ConversationDeps, ctx: ViewContext, rendered: readonly RenderedItem[], policy: AttachmentPolicy, { versionsOf, addPager }: Versions) {
  const { announce, backend, composer, list, options, strings, warn } = deps;
  /** Takes the "Editing your question" strip away, when it shows. */
  let unstrip = () => {};

  /** Adds the footer under a finished answer once its module is there (at once when bundled). */
  function decorate(bubble: AssistantBubble, item: HistoryItem) {
    const jobId = item.j;
    if (item.w) bubble.setStatus({ kind: 'working', label: strings.usedTools, done: true });
    if (!jobId) return;
    void loadExtras(options.scriptSrc).then((extras) => {
      // Replaced meanwhile (a re-render of the history, a new conversation): nothing to add to.
      if (!bubble.el.isConnected) return;
      const state = ctx.state();
      const user = backend.redo && !state.running ? redoable(state.items) : null;
      const versions = versionsOf(jobId);
      const foot = extras.answerFooter({
        item,
        body: bubble.body,
        strings,
        policy,
        rate: backend.rate ? (rating, comment) => ctx.rate(jobId, rating, comment) : undefined,
        announce,
        redo: user?.j == jobId ? {
          // Asked again as it was: the same text and attachments, as a new turn.
          regenerate: () => ctx.ask(user, [jobId, 'regenerated']),
          // The question into the composer, to change and send: that message replaces it.
          // A strip above the composer says so until it is sent or cancelled.
          edit: () => {
            ctx.dispatch({ type: 'edit', jobId });
            composer.set(splitUserMessage(user.t, user.atts).text);
            composer.focus?.();
            if (composer.el) unstrip = extras.editStrip({ composer: composer.el, strings, announce, focus: () => composer.focus?.(), cancelled: () => ((unstrip = () => {}), ctx.dispatch({ type: 'edit', jobId: '' })) });
          },
          // The row of the question as first asked: the versions' own are not shown.
          question: rendered.find((entry) => entry.item.r == 'u' && entry.item.j == versions[0])?.el,
        } : undefined,
      });
      bubble.el.after(foot);
      foot.hidden = bubble.el.hidden;
      if (versions.length > 1) addPager(jobId, foot);
      extras.adoptExtrasStyles(foot);
      list.follow();
    }, (error: unknown) => warn(`could not load the answer actions: ${errorMessage(error)}`));
  }

  /** The Edit strip goes (the edit is over). */
  const unedit = () => {
    unstrip();
    unstrip = () => {};
  };

  return [decorate, unedit] as const;
}
