// What a conversation shows around its messages beyond the core: the footer under each answer
// (attachments, sources, actions). Reached only through widget/modules.ts, so the split build
// loads it beside widget.js when the first answer needs it.
export { adoptExtrasStyles, answerFooter, markRedone } from './answer-footer';
export { editStrip } from './edit-strip';
