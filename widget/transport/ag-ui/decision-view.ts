// The decision cards of a run that ended asking the visitor (AG-UI's interrupt outcome): one
// card per interrupt, with its message, the tool call it holds, when it expires, and Approve /
// Edit / Reject. The resume is sent once every card is decided (an incomplete list is never
// sent), exactly once however often a button is pressed; decisions are kept, so a reload shows
// them. The edit form is the `bailing-form` renderer's, mounted through the page's registry.

import { h } from '../../ui/dom';
import { decisionForm, decisionValues } from './decision-form';
import { pretty } from './parts-view';
import type { Decision } from './input';
import type { Interrupt } from './types';

const STRINGS = {
  en: { approve: 'Approve', reject: 'Reject', edit: 'Edit', expires: 'Expires', expired: 'Expired: it can only be rejected.', approved: 'Approved', rejected: 'Rejected', edited: 'Approved with changes', answered: 'Answered', sending: 'Sending…', tool: 'Wants to run', keep: 'Leave a field empty to keep its current value.', card: 'Decision needed', failed: 'Not sent:', first: 'Please approve or reject the request above first.' },
  'zh-CN': { approve: '批准', reject: '拒绝', edit: '编辑', expires: '到期', expired: '已过期：只能拒绝。', approved: '已批准', rejected: '已拒绝', edited: '已批准（有修改）', answered: '已回答', sending: '发送中…', tool: '请求运行', keep: '留空的字段保持当前值。', card: '需要你的决定', failed: '未发送：', first: '请先批准或拒绝上面的请求。' },
  es: { approve: 'Aprobar', reject: 'Rechazar', edit: 'Editar', expires: 'Caduca', expired: 'Caducada: solo se puede rechazar.', approved: 'Aprobada', rejected: 'Rechazada', edited: 'Aprobada con cambios', answered: 'Respondida', sending: 'Enviando…', tool: 'Quiere ejecutar', keep: 'Deja un campo vacío para conservar su valor actual.', card: 'Se necesita tu decisión', failed: 'No enviado:', first: 'Primero aprueba o rechaza la solicitud de arriba.' },
  ar: { approve: 'موافقة', reject: 'رفض', edit: 'تعديل', expires: 'تنتهي', expired: 'انتهت صلاحيته: لا يمكن إلا رفضه.', approved: 'تمت الموافقة', rejected: 'تم الرفض', edited: 'تمت الموافقة مع تعديلات', answered: 'تمت الإجابة', sending: 'جارٍ الإرسال…', tool: 'يريد تشغيل', keep: 'اترك الحقل فارغًا للإبقاء على قيمته الحالية.', card: 'مطلوب قرارك', failed: 'لم يُرسَل:', first: 'يُرجى الموافقة على الطلب أعلاه أو رفضه أولًا.' },
  ja: { approve: '承認', reject: '却下', edit: '編集', expires: '期限', expired: '期限切れ：却下のみ可能です。', approved: '承認済み', rejected: '却下済み', edited: '変更して承認済み', answered: '回答済み', sending: '送信中…', tool: '実行を求めています', keep: '空欄の項目は現在の値のままです。', card: '判断が必要です', failed: '未送信：', first: '先に上の依頼を承認または却下してください。' },
} as const;
export type DecisionLang = keyof typeof STRINGS;

/** What a run asks the visitor, as the backend keeps it (and the page's storage, across reloads). */
export interface DecisionAsk {
  runId: string;
  interrupts: Interrupt[];
  /** The tool calls the interrupts hold: id → name and argument text. */
  calls: Record<string, { name: string; args: string }>;
  /** Decisions made so far, by interrupt id. */
  decisions: Record<string, Decision>;
  /** The resume was sent: the cards are read-only. */
  sent?: boolean;
}

export interface DecisionHost {
  /** Records a decision (kept across reloads). */
  decide(interruptId: string, decision: Decision): void;
  /** Every interrupt is decided: send the resume. Rejects with what to tell the visitor. */
  send(): Promise<void>;
  /** Mounts the `bailing-form` renderer with `payload`; `onSubmit` gets its values. Returns its teardown. */
  mountForm(container: HTMLElement, payload: Record<string, unknown>, onSubmit: (values: Record<string, unknown>) => void): () => void;
}

export const DECISION_CSS = `
.bc-decisions { display: flex; flex-direction: column; gap: 8px; margin-top: 8px; }
.bc-decision { border: 1px solid var(--bailing-accent); border-radius: 10px; padding: 10px; background: var(--bc-bg); }
.bc-decision h4 { margin: 0 0 4px; font-size: 12px; color: var(--bc-muted); font-weight: 600; }
.bc-decision p { margin: 0 0 6px; }
.bc-decision pre { margin: 0 0 6px; white-space: pre-wrap; overflow-wrap: anywhere; font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, monospace; background: var(--bc-code-bg); padding: 6px; border-radius: 6px; }
.bc-decision-when { font-size: 12px; color: var(--bc-muted); }
.bc-decision-when[data-expired] { color: var(--bc-error); }
.bc-decision-row { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 6px; }
.bc-decision-row button { font: inherit; font-size: 13px; min-height: 36px; padding: 6px 12px; border-radius: 8px; border: 1px solid var(--bc-border); background: var(--bc-surface); color: var(--bc-fg); cursor: pointer; }
.bc-decision-row button.bc-decision-yes { background: var(--bailing-accent); color: var(--bailing-accent-text); border-color: transparent; }
.bc-decision-row button:disabled { opacity: .55; cursor: default; }
.bc-decision-state { font-weight: 600; margin-top: 6px; }
.bc-decision-error { color: var(--bc-error); margin-top: 6px; }
`;

const parseArgs = (text: string | undefined): Record<string, unknown> => {
  try {
    const v: unknown = JSON.parse(text ?? '{}');
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** Why a new message waits: the run asks the visitor first (AG-UI's resume must answer every open interrupt). */
export const decideFirst = (lang: DecisionLang): string => (STRINGS[lang] ?? STRINGS.en).first;

/** What the visitor's own bubble says of their decisions: one line per interrupt. */
export function decisionSummary(ask: DecisionAsk, lang: DecisionLang): string {
  const s = STRINGS[lang] ?? STRINGS.en;
  return ask.interrupts
    .map((i) => {
      const d = ask.decisions[i.id];
      const what = !d ? '' : d.kind === 'approve' ? s.approved : d.kind === 'reject' ? s.rejected : d.kind === 'edit' ? s.edited : s.answered;
      const call = i.toolCallId ? ask.calls[i.toolCallId]?.name : undefined;
      return call ? `${what}: ${call}` : what;
    })
    .join('\n');
}

/** Draws the cards of `ask` into `el` (emptied first). `now` is read for expiry. */
export function drawDecisions(el: HTMLElement, ask: DecisionAsk, host: DecisionHost, lang: DecisionLang, now = () => Date.now()): void {
  const s = STRINGS[lang] ?? STRINGS.en;
  el.replaceChildren();
  el.className = 'bc-decisions';
  let sending = false;
  const error = h('div', { class: 'bc-decision-error', role: 'alert', hidden: true });
  const cards = ask.interrupts.map((interrupt) => {
    const call = interrupt.toolCallId ? ask.calls[interrupt.toolCallId] : undefined;
    const args = parseArgs(call?.args);
    const expires = interrupt.expiresAt !== undefined ? Date.parse(interrupt.expiresAt) : NaN;
    const expired = Number.isFinite(expires) && expires <= now();
    const card = h('section', { class: 'bc-decision', 'aria-label': s.card });
    if (interrupt.message) card.append(h('p', {}, [interrupt.message]));
    if (call) card.append(h('h4', {}, [`${s.tool}: ${call.name}`]), h('pre', {}, [pretty(call.args)]));
    if (Number.isFinite(expires)) {
      const when = h('div', { class: 'bc-decision-when' }, [expired ? s.expired : `${s.expires} ${new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(expires)}`]);
      if (expired) when.setAttribute('data-expired', '');
      card.append(when);
    }
    const state = h('div', { class: 'bc-decision-state', role: 'status' });
    const row = h('div', { class: 'bc-decision-row' });
    const form = interrupt.responseSchema ? decisionForm(interrupt.responseSchema, args, call?.name ?? s.edit) : null;
    const button = (text: string, yes = false) => h('button', { type: 'button', class: yes ? 'bc-decision-yes' : undefined }, [text]);
    const approve = button(s.approve, true);
    const edit = form ? button(s.edit) : null;
    const reject = button(s.reject);
    // Past its expiry an interrupt can only be cancelled (resuming it as resolved is refused).
    if (!expired) row.append(approve);
    if (edit && !expired) row.append(edit);
    row.append(reject);
    const formBox = h('div', { hidden: true });
    card.append(row, formBox, state);
    let teardown: (() => void) | null = null;

    const show = () => {
      const d = ask.decisions[interrupt.id];
      const done = !!d || ask.sent;
      for (const b of [approve, edit, reject]) if (b) b.disabled = done || sending;
      state.textContent = !d ? '' : d.kind === 'approve' ? s.approved : d.kind === 'reject' ? s.rejected : d.kind === 'edit' ? s.edited : s.answered;
      if (done && teardown) {
        teardown();
        teardown = null;
        formBox.hidden = true;
      }
    };
    const choose = (decision: Decision) => {
      if (ask.decisions[interrupt.id] || ask.sent || sending) return;
      host.decide(interrupt.id, decision);
      refresh();
      void maybeSend();
    };
    approve.addEventListener('click', () => choose(form?.kind === 'answer' ? { kind: 'answer', payload: { approved: true } } : { kind: 'approve' }));
    reject.addEventListener('click', () => choose({ kind: 'reject' }));
    edit?.addEventListener('click', () => {
      if (teardown) return;
      formBox.hidden = false;
      formBox.replaceChildren(h('p', { class: 'bc-decision-when' }, [s.keep]));
      const box = h('div');
      formBox.append(box);
      teardown = host.mountForm(box, form!.form, (values) => {
        const picked = decisionValues(form!, values, args);
        choose(form!.kind === 'edit' ? { kind: 'edit', args: picked } : { kind: 'answer', payload: picked });
      });
    });
    return { card, show };
  });

  const refresh = () => cards.forEach((c) => c.show());
  /** Sent once, when every interrupt has its decision. */
  async function maybeSend() {
    if (ask.sent || sending || ask.interrupts.some((i) => !ask.decisions[i.id])) return;
    sending = true;
    error.hidden = true;
    refresh();
    try {
      await host.send();
    } catch (e) {
      error.textContent = `${s.failed} ${e instanceof Error && e.message ? e.message : ''}`.trim();
      error.hidden = false;
    } finally {
      sending = false;
      refresh();
    }
  }
  el.append(...cards.map((c) => c.card), error);
  refresh();
}
