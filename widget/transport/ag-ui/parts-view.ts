// What the visitor sees of a run besides its text: each tool call as a step (name, status, and
// its arguments and result behind "Show details"), the agent's reasoning collapsed under
// "Thinking", steps, activities and subagents as progress lines (an activity, or a tool call,
// whose type is a renderer of the page is drawn by that renderer instead). Drawn again on every change
// into the same element; rows are kept by id, so an open "Show details" stays open while the
// run goes on. Everything from the agent goes in as text.

import { h, icon, ICONS } from '../../ui/dom';
import { adoptStyles } from '../../ui/adopt-styles';
import type { PartsTools } from '../../conversation/backend';
import { liveActivity, type ActivityHost, type LiveActivity } from './activity';
import type { ActivityPart, Part, TextPart } from './run';

const STRINGS = {
  en: { silent: 'The agent ended without a reply.', assistant: 'Assistant', details: 'Show details', thinking: 'Thinking', thought: 'Thought', thoughtFor: 'Thought for {n} s', args: 'Arguments', result: 'Result', running: 'running', done: 'done', failed: 'failed', pending: 'waiting', suspended: 'waiting', stopped: 'stopped', cut: 'cut off', rejected: 'rejected', cutOff: 'Cut off before it finished.', steps: 'Steps', earlier: '{n} earlier steps not shown' },
  'zh-CN': { silent: '助手结束了，没有回复。', assistant: '助手', details: '显示详情', thinking: '思考过程', thought: '已思考', thoughtFor: '已思考 {n} 秒', args: '参数', result: '结果', running: '进行中', done: '完成', failed: '失败', pending: '等待中', suspended: '等待中', stopped: '已停止', cut: '已中断', rejected: '已拒绝', cutOff: '未完成即中断。', steps: '步骤', earlier: '之前的 {n} 个步骤未显示' },
  es: { silent: 'El agente terminó sin responder.', assistant: 'Asistente', details: 'Mostrar detalles', thinking: 'Razonamiento', thought: 'Razonado', thoughtFor: 'Razonó durante {n} s', args: 'Argumentos', result: 'Resultado', running: 'en curso', done: 'hecho', failed: 'falló', pending: 'en espera', suspended: 'en espera', stopped: 'detenido', cut: 'interrumpido', rejected: 'rechazado', cutOff: 'Se interrumpió antes de terminar.', steps: 'Pasos', earlier: '{n} pasos anteriores no se muestran' },
  ar: { silent: 'أنهى الوكيل دون رد.', assistant: 'المساعد', details: 'عرض التفاصيل', thinking: 'التفكير', thought: 'فكّر', thoughtFor: 'فكّر لمدة {n} ث', args: 'المعاملات', result: 'النتيجة', running: 'قيد التشغيل', done: 'تم', failed: 'فشل', pending: 'قيد الانتظار', suspended: 'قيد الانتظار', stopped: 'متوقف', cut: 'انقطع', rejected: 'مرفوض', cutOff: 'انقطع قبل أن يكتمل.', steps: 'الخطوات', earlier: 'لا تُعرض {n} من الخطوات السابقة' },
  ja: { silent: 'エージェントは返信せずに終了しました。', assistant: 'アシスタント', details: '詳細を表示', thinking: '思考', thought: '思考済み', thoughtFor: '{n} 秒間思考', args: '引数', result: '結果', running: '実行中', done: '完了', failed: '失敗', pending: '待機中', suspended: '待機中', stopped: '停止', cut: '中断', rejected: '却下', cutOff: '完了する前に中断されました。', steps: 'ステップ', earlier: '以前の {n} 件のステップは表示されていません' },
} as const;
export type PartsLang = keyof typeof STRINGS;
type PartStrings = (typeof STRINGS)[PartsLang];

/** What the answer of a turn says when its runs said nothing, did nothing and came to nothing. */
export const silentReply = (lang: PartsLang): string => `_${(STRINGS[lang] ?? STRINGS.en).silent}_`;

/** Longest argument or result text shown; the rest is cut with a note (a tool may return megabytes). */
export const MAX_DETAIL_CHARS = 4000;
/**
 * Most step rows (steps, tool calls, reasoning, activities, subagents) drawn for one turn; the
 * earlier ones are one line saying how many. An agent can send 16,000 steps: laying out that many
 * rows held the page for seconds, after the run itself was done.
 */
export const MAX_SHOWN_STEPS = 200;

export const PARTS_CSS = `
/* The rows before an answer's bubble are rows of the message list itself. */
.bc-steps { display: contents; }
.bc-steps[hidden] { display: none; }
.bc-parts { display: flex; flex-direction: column; gap: 6px; margin: 8px 0 0; font-size: 13px; }
.bc-part { border: 1px solid var(--bc-border); border-radius: 8px; background: var(--bc-bg); font-size: 13px; }
.bc-part-head { display: flex; align-items: center; gap: 8px; padding: 6px 8px; min-height: 32px; }
.bc-part-head svg { width: 14px; height: 14px; flex: none; color: var(--bc-muted); }
.bc-part-name { font-weight: 600; overflow-wrap: anywhere; }
.bc-part-status { color: var(--bc-muted); margin-inline-start: auto; white-space: nowrap; }
.bc-part[data-status="running"] .bc-part-status::before { content: ""; display: inline-block; width: 8px; height: 8px; border-radius: 50%; background: var(--bailing-accent); margin-inline-end: 6px; animation: bc-part-pulse 1s ease-in-out infinite; }
.bc-part[data-status="failed"] .bc-part-status { color: var(--bc-error); }
.bc-part-toggle { white-space: nowrap; font: inherit; font-size: 12px; color: var(--bc-link); background: none; border: 0; padding: 4px 6px; border-radius: 6px; cursor: pointer; min-height: 28px; }
.bc-part-body { border-top: 1px solid var(--bc-border); padding: 6px 8px; }
.bc-part-body h4 { margin: 4px 0 2px; font-size: 12px; color: var(--bc-muted); font-weight: 600; }
.bc-part-body pre { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, monospace; background: var(--bc-code-bg); padding: 6px; border-radius: 6px; max-height: 240px; overflow: auto; }
.bc-part-thinking { color: var(--bc-muted); white-space: pre-wrap; }
.bc-part-cut { margin: 4px 0 0; font-size: 12px; color: var(--bc-muted); }
@keyframes bc-part-pulse { 50% { opacity: .35; } }
@media (prefers-reduced-motion: reduce) { .bc-part[data-status="running"] .bc-part-status::before { animation: none; } }
`;

const clip = (text: string) => (text.length > MAX_DETAIL_CHARS ? `${text.slice(0, MAX_DETAIL_CHARS)}\n… (${text.length - MAX_DETAIL_CHARS} more characters)` : text);

/** JSON arguments and results shown indented when they parse; as they came when they do not (yet). */
export function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

interface Row {
  el: HTMLElement;
  update(part: Part): void;
  /** The part last drawn: parts are new objects when they change, so the same one is not drawn again. */
  part?: Part;
}

/** A row with a head and a body behind a disclosure button (collapsed at first). */
function disclosure(label: string, iconSvg: string, toggleLabel: string): { el: HTMLElement; name: HTMLElement; status: HTMLElement; body: HTMLElement } {
  const body = h('div', { class: 'bc-part-body', hidden: true });
  const name = h('span', { class: 'bc-part-name' }, [label]);
  const status = h('span', { class: 'bc-part-status' });
  const toggle = h('button', { type: 'button', class: 'bc-part-toggle', 'aria-expanded': 'false' }, [toggleLabel]);
  toggle.addEventListener('click', () => {
    body.hidden = !body.hidden;
    toggle.setAttribute('aria-expanded', String(!body.hidden));
  });
  const el = h('div', { class: 'bc-part' }, [h('div', { class: 'bc-part-head' }, [icon(iconSvg), name, status, toggle]), body]);
  return { el, name, status, body };
}

function toolRow(s: PartStrings): Row {
  const { el, name, status, body } = disclosure('', ICONS.tool, s.details);
  el.setAttribute('role', 'group');
  // Each scrolls past its max-height: keyboard users must be able to reach it.
  const args = h('pre', { tabindex: '0' });
  const result = h('pre', { tabindex: '0' });
  const resultHead = h('h4', {}, [s.result]);
  body.append(h('h4', {}, [s.args]), args, resultHead, result);
  // The row is drawn again on every event of the run: a result (up to megabytes) is parsed once.
  let shownResult: string | undefined;
  return {
    el,
    update(part) {
      if (part.kind !== 'tool') return;
      name.textContent = part.name;
      el.setAttribute('aria-label', part.name);
      el.dataset.status = part.status;
      status.textContent = s[part.status];
      args.textContent = clip(pretty(part.args));
      resultHead.hidden = result.hidden = part.result === undefined;
      if (part.result !== shownResult) result.textContent = clip(pretty((shownResult = part.result) ?? ''));
    },
  };
}

function reasoningRow(s: PartStrings): Row {
  const { el, name, status, body } = disclosure(s.thinking, 'M9 18h6M10 22h4M12 2a7 7 0 0 0-4 12.7V17h8v-2.3A7 7 0 0 0 12 2z', s.details);
  // The disclosure is named "Thinking" while the agent thinks, then "Thought for 4 s" (timed from
  // the first time this page saw it running; drawn again from storage, plain "Thought"): the one
  // control a screen reader needs here.
  const toggle = el.querySelector('button')!;
  name.remove();
  const text = h('div', { class: 'bc-part-thinking' });
  body.append(text);
  let started: number | undefined;
  /** The name once it ended, fixed then (later updates of the run must not make it grow). */
  let thought: string | undefined;
  let label = '';
  return {
    el,
    update(part) {
      if (part.kind !== 'reasoning') return;
      el.dataset.status = part.done ? 'done' : 'running';
      status.textContent = part.done ? '' : s.running;
      if (!part.done) started ??= Date.now();
      const next = !part.done ? s.thinking : (thought ??= started === undefined ? s.thought : s.thoughtFor.replace('{n}', String(Math.max(1, Math.round((Date.now() - started) / 1000)))));
      if (next !== label) toggle.setAttribute('aria-label', (toggle.textContent = label = next));
      text.textContent = clip(part.text);
    },
  };
}

/** Steps, activities and subagents: one line each, no details. */
function progressRow(s: PartStrings): Row {
  const name = h('span', { class: 'bc-part-name' });
  const status = h('span', { class: 'bc-part-status' });
  const el = h('div', { class: 'bc-part' }, [h('div', { class: 'bc-part-head' }, [icon('M5 12h14M12 5l7 7-7 7'), name, status])]);
  return {
    el,
    update(part) {
      if (part.kind === 'step' || part.kind === 'subagent') {
        name.textContent = part.name;
        el.dataset.status = part.status;
        status.textContent = s[part.status];
      } else if (part.kind === 'activity') {
        // An activity's content is the agent's own shape: its title or message when it has one.
        const c = part.content;
        const label = [c.title, c.message, c.status, c.label].find((v): v is string => typeof v === 'string') ?? part.activityType;
        const progress = typeof c.progress === 'number' && Number.isFinite(c.progress) ? ` ${Math.round(Math.max(0, Math.min(1, c.progress > 1 ? c.progress / 100 : c.progress)) * 100)} %` : '';
        name.textContent = label;
        status.textContent = progress.trim();
      }
    },
  };
}

/**
 * The renderer a tool call is drawn by (generative UI): a tool named for a registered renderer
 * type, and the sandbox's `ui__sandbox`.
 */
export function rendererTypeOf(toolName: string): string {
  return toolName === SANDBOX_TOOL ? 'sandbox' : toolName;
}
export const SANDBOX_TOOL = 'ui__sandbox';

/**
 * A tool call drawn by a renderer: its preview (or a stand-in) while the arguments stream, the
 * renderer once they are complete.
 */
function rendererRow(type: string, ui: PartsTools): Row {
  const el = h('div', { class: 'bc-part-ui' });
  const box = h('div', { class: 'bc-wait' });
  el.append(box);
  let preview: ReturnType<PartsTools['preview']> | undefined;
  let mounted = false;
  return {
    el,
    update(part) {
      if (part.kind !== 'tool' || mounted) return;
      if (!part.ended) {
        // The renderer draws from the arguments as far as they go (its preview hook), when it has one.
        if (preview === undefined) {
          preview = part.args ? ui.preview(type, box, part.args) : undefined;
          if (preview) box.className = '';
        } else preview?.update(part.args);
        return;
      }
      mounted = true;
      preview?.destroy();
      // A preview that keeps what it drew (`data-keep`, DESIGN.md §7) is the mount's container: its frames are not reloaded.
      const rich = box.dataset.keep != null ? box : h('div');
      rich.className = 'bc-rich';
      if (rich != box) el.replaceChildren(rich);
      ui.mount(type, part.args, rich);
    },
  };
}

/**
 * An activity drawn by the renderer whose type is its `activityType` (an A2UI surface, an MCP App):
 * mounted at its first content; when the content changes (a delta, a replacing snapshot) the
 * mounted renderer gets it in place (RendererActivity.onUpdate), so what the visitor typed and
 * frames stay; a renderer that does not listen is mounted again. When its turn is over, the
 * renderer hears how (RendererActivity.onEnd).
 */
function activityRow(type: string, ui: PartsTools, host: ActivityHost): Row {
  const el = h('div', { class: 'bc-part-ui' });
  let live: LiveActivity | undefined;
  let shown: ActivityPart['content'] | undefined;
  let teardown = () => {};
  return {
    el,
    update(part) {
      if (part.kind !== 'activity') return;
      if (part.content !== shown) {
        shown = part.content;
        if (!live?.update(part.content)) {
          teardown();
          const rich = h('div', { class: 'bc-rich' });
          el.replaceChildren(rich);
          live ??= liveActivity(part.id, type, host);
          teardown = ui.mount(type, JSON.stringify(part.content), rich, live.make);
        }
      }
      if (part.ended) live?.end(part.ended);
    },
  };
}

/** Whether `part` is drawn by a renderer of the page (generative UI), not shown as a step. */
const drawnByRenderer = (part: Part, ui: PartsTools) =>
  (part.kind === 'tool' && ui.has(rendererTypeOf(part.name))) || (part.kind === 'activity' && ui.has(part.activityType));

/**
 * The turn's answer: its last assistant message, which the conversation draws in the turn's own
 * bubble. The messages before it are rows above, as the steps are.
 */
export function answerPart(parts: readonly Part[]): TextPart | undefined {
  for (let i = parts.length - 1; i >= 0; i--) {
    const p = parts[i]!;
    if (p.kind === 'text' && p.role === 'assistant' && !p.cut) return p;
  }
}

/**
 * An earlier message of the turn: a bubble of its own, drawn as answers are once it is complete.
 * What came of an answer before its run failed says it was cut off, under its text.
 */
function messageRow(ui: PartsTools, s: PartStrings): Row {
  const bubble = ui.message();
  let shown: string | undefined;
  let final = false;
  return {
    el: bubble.el,
    update(part) {
      if (part.kind !== 'text') return;
      if (part.cut && !bubble.el.querySelector('.bc-part-cut')) bubble.el.append(h('p', { class: 'bc-part-cut' }, [s.cutOff]));
      if (part.text === shown && part.done === final) return;
      bubble.el.dataset.messageId = part.id;
      bubble.show((shown = part.text), (final = part.done));
    },
  };
}

/**
 * Draws `parts` into `el` (which stands before the answer's bubble), keeping each row by id, in
 * arrival order: the earlier messages and the steps before the answer's text above it; the steps
 * after that text, and what renderers draw, under it.
 */
export function createPartsView(lang: PartsLang, host: ActivityHost) {
  const s = STRINGS[lang] ?? STRINGS.en;
  const views = new WeakMap<HTMLElement, Map<string, Row>>();
  const uiBoxes = new WeakMap<HTMLElement, HTMLElement>();
  const notes = new WeakMap<HTMLElement, HTMLElement>();
  return function drawParts(el: HTMLElement, parts: readonly Part[], ui: PartsTools) {
    adoptStyles(el, PARTS_CSS);
    el.classList.add('bc-steps');
    let rows = views.get(el);
    if (!rows) views.set(el, (rows = new Map()));
    const answer = answerPart(parts);
    const answerAt = answer ? parts.indexOf(answer) : parts.length;
    const drawn = (part: Part) => !(part.kind === 'text' && (part.role !== 'assistant' || part === answer || !part.text));
    // What a renderer draws and the earlier messages are always drawn; the steps past the newest MAX_SHOWN_STEPS are counted.
    const isStep = (part: Part) => part.kind !== 'text' && !drawnByRenderer(part, ui);
    let hidden = -MAX_SHOWN_STEPS;
    for (const part of parts) if (isStep(part)) hidden++;
    let note = notes.get(el);
    if (hidden > 0 && !note) notes.set(el, (note = h('div', { class: 'bc-part bc-part-head' })));
    if (note) note.textContent = s.earlier.replace('{n}', String(Math.max(0, hidden)));
    note?.toggleAttribute('hidden', hidden <= 0);
    if (note && el.firstChild !== note) el.prepend(note);
    let uiBox = uiBoxes.get(el);
    let before: ChildNode | null = note ? note.nextSibling : el.firstChild;
    let uiBefore: ChildNode | null = uiBox?.firstChild ?? null;
    for (const [i, part] of parts.entries()) {
      if (!drawn(part)) continue;
      const key = `${part.kind}:${part.id}`;
      let row = rows.get(key);
      if (isStep(part) && hidden-- > 0) {
        row?.el.remove();
        continue;
      }
      if (!row) {
        row =
          part.kind === 'text' ? messageRow(ui, s)
          : part.kind === 'tool' ? (drawnByRenderer(part, ui) ? rendererRow(rendererTypeOf(part.name), ui) : toolRow(s))
          : part.kind === 'reasoning' ? reasoningRow(s)
          : part.kind === 'activity' && drawnByRenderer(part, ui) ? activityRow(part.activityType, ui, host)
          : progressRow(s);
        rows.set(key, row);
      }
      if (row.part !== part) row.update((row.part = part));
      // What renderers draw goes under the answer's text (the agent introduces it first), and so
      // do the steps that came after that text: the visitor reads them in the order they came.
      const below = row.el.classList.contains('bc-part-ui') || i > answerAt;
      if (below && !uiBox) {
        uiBoxes.set(el, (uiBox = h('div', { class: 'bc-parts' })));
        ui.below(uiBox);
      }
      // In arrival order; a row already in place is not moved (its focus and scroll stay).
      const box = below ? uiBox! : el;
      const at = below ? uiBefore : before;
      if (row.el !== at) box.insertBefore(row.el, at);
      if (below) uiBefore = row.el.nextSibling;
      else before = row.el.nextSibling;
    }
    el.hidden = !el.childElementCount;
  };
}
