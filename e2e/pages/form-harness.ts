// A page that mounts the built `bailing-form` module the way the widget does: through the real registry
// (frozen context, fallback on a throw), inside a shadow root styled by the widget's own CSS, in a
// message bubble. Tests drive it through `window.bfHarness`; `respond` is scripted per call.
import { createRegistry } from '../../widget/registry/registry';
import { CSS } from '../../widget/ui/styles';
import type { ResponseSummary } from '../../widget/types';

interface MountOptions {
  payload: unknown;
  lang?: string;
  mode?: 'light' | 'dark';
  accent?: string;
  jobId?: string;
  responses?: ResponseSummary[];
  /** What the next `respond` calls do, in order; then `ok`. `hold` waits for `bfHarness.settle()`. */
  outcomes?: Array<'ok' | 'fail' | 'hold'>;
}

interface Call {
  response: Record<string, unknown>;
  presentation?: { displayText?: string };
}

const calls: Call[] = [];
const warnings: string[] = [];
const held: Array<{ ok: () => void; fail: (e: Error) => void }> = [];
const registry = createRegistry({
  warn: (m) => warnings.push(m),
  fallback: (type, source) => {
    const pre = document.createElement('pre');
    const code = pre.appendChild(document.createElement('code'));
    code.dataset.language = type;
    code.textContent = source;
    return pre;
  },
});
registry.register({
  type: 'bailing-form',
  version: 1,
  contentType: 'application/json',
  maxPayloadBytes: 32768,
  // With the words of the root's language, as the widget passes its table (widget/builtins.ts).
  mount: (ctx: Parameters<typeof import('../../renderers/bailing-form/form').mount>[0]) =>
    Promise.all([
      import(/* module */ '/split/renderers/bailing-form.js' as string) as Promise<typeof import('../../renderers/bailing-form/form')>,
      ctx.container.closest('[lang]')?.getAttribute('lang') == 'zh-CN'
        ? (import(/* module */ '/split/i18n/zh-CN.js' as string) as Promise<typeof import('../../widget/ui/i18n/zh-CN')>).then((zh) => zh.strings)
        : undefined,
    ]).then(([m, words]) => m.mount(ctx, words)),
});

const stage = document.getElementById('stage')!;
const host = stage.appendChild(document.createElement('div'));
const shadow = host.attachShadow({ mode: 'open' });
const sheet = new CSSStyleSheet();
sheet.replaceSync(CSS + '.bc-root { display: block; } .bc-messages { overflow: visible; }');
shadow.adoptedStyleSheets = [sheet];

let outcomes: MountOptions['outcomes'] = [];

function mount(options: MountOptions) {
  const { payload, lang = 'en', mode = 'light', accent, jobId = 'job_1', responses = [] } = options;
  outcomes = options.outcomes ?? [];
  const root = document.createElement('div');
  root.className = 'bc-root bc-inline';
  root.lang = lang;
  root.dataset.mode = mode;
  if (accent) host.style.setProperty('--bailing-accent', accent);
  const messages = root.appendChild(document.createElement('div'));
  messages.className = 'bc-messages';
  const bubble = messages.appendChild(document.createElement('div'));
  bubble.className = 'bc-msg bc-msg-assistant bc-wide';
  const body = bubble.appendChild(document.createElement('div'));
  body.className = 'bc-body';
  const intro = body.appendChild(document.createElement('p'));
  intro.textContent = lang.startsWith('zh') ? '请填写以下表单：' : 'Please fill in this form:';
  const container = body.appendChild(document.createElement('div'));
  container.className = 'bc-rich';
  shadow.append(root);
  const handle = registry.mount({
    type: 'bailing-form',
    source: typeof payload == 'string' ? payload : JSON.stringify(payload, null, 2),
    container,
    theme: { accent: accent ?? '#2563eb', mode },
    message: { jobId, responses },
    respond: (response, presentation) => {
      calls.push({ response, presentation });
      const outcome = outcomes!.shift() ?? 'ok';
      if (outcome == 'ok') return Promise.resolve();
      if (outcome == 'fail') return Promise.reject(new Error('503'));
      return new Promise<void>((ok, fail) => held.push({ ok, fail }));
    },
  });
  return handle.settled;
}

const api = {
  mount,
  reset() {
    registry.destroyAll();
    shadow.replaceChildren();
    calls.length = 0;
    warnings.length = 0;
  },
  destroyAll: () => registry.destroyAll(),
  settle(ok = true) {
    const h = held.shift();
    if (h) (ok ? h.ok() : h.fail(new Error('503')));
  },
  calls,
  warnings,
  stats: () => registry.stats(),
};

(window as unknown as { bfHarness: typeof api }).bfHarness = api;
document.documentElement.dataset.ready = 'true';
