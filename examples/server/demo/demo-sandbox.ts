// The demo agent's `sandbox` views (DESIGN.md §8.3): a calculator, a unit converter and (JSX with
// the page's kit) a bill splitter, written
// the way a model writes them (props in the field order of renderers/sandbox/policy.ts), and the
// answer to what a view sends back. They show only where the page turned views on
// (`data-sandbox="1"`); elsewhere the block is shown as code.

/** Props of a view, in the order a model writes them. */
export interface ViewProps {
  initialHeight: number;
  placeholderMessages: string[];
  title: string;
  summary: string;
  css: string;
  html: string;
  jsFunctions: string;
  jsExpressions: string[];
}

const SHARED_CSS = `
body { padding: 12px; }
button { cursor: pointer; border-radius: 8px; border: 1px solid var(--sandbox-border); background: var(--sandbox-bg); color: var(--sandbox-fg); }
button:focus-visible, select:focus-visible, input:focus-visible { outline: 2px solid var(--sandbox-accent); outline-offset: 1px; }
.primary { background: var(--sandbox-accent); color: var(--sandbox-accent-text); border-color: transparent; }
.muted { color: var(--sandbox-muted); font-size: 12px; }
`;

export const CALCULATOR_VIEW: ViewProps = {
  initialHeight: 330,
  placeholderMessages: ['Setting up the calculator…', 'Laying out the keys…'],
  title: 'Calculator',
  summary: 'A calculator with + − × ÷, parentheses and a button that asks the assistant to explain the result.',
  css:
    SHARED_CSS +
    `
.display { font: 600 24px/1.2 ui-monospace, Menlo, monospace; text-align: right; padding: 10px 12px; border: 1px solid var(--sandbox-border); border-radius: 10px; min-height: 50px; overflow-wrap: anywhere; }
.expr { min-height: 18px; text-align: right; }
.keys { display: grid; grid-template-columns: repeat(4, 1fr); gap: 6px; margin-top: 10px; }
.keys button { padding: 10px 0; font-size: 16px; }
.keys .op { color: var(--sandbox-accent); font-weight: 700; }
.ask { width: 100%; margin-top: 10px; padding: 8px; }`,
  html: `<div class="expr muted" id="expr" aria-live="polite"></div>
<div class="display" id="display" role="status" aria-label="Result">0</div>
<div class="keys" id="keys"></div>
<button class="ask primary" id="ask" disabled>Ask the assistant to explain</button>`,
  jsFunctions: `
const KEYS = ['(', ')', 'C', '÷', '7', '8', '9', '×', '4', '5', '6', '−', '1', '2', '3', '+', '0', '.', '⌫', '='];
let input = '';
let last = null;
function evaluate(text) {
  const tokens = text.replace(/×/g, '*').replace(/÷/g, '/').replace(/−/g, '-').match(/\\d+(?:\\.\\d+)?|[-+*/()]/g) || [];
  let i = 0;
  const peek = () => tokens[i];
  function primary() {
    const t = tokens[i++];
    if (t === '(') { const v = sum(); if (tokens[i++] !== ')') throw new Error('missing )'); return v; }
    if (t === '-') return -primary();
    if (t !== undefined && /^\\d/.test(t)) return parseFloat(t);
    throw new Error('unexpected ' + (t || 'end'));
  }
  function product() { let v = primary(); while (peek() === '*' || peek() === '/') { const op = tokens[i++]; const r = primary(); v = op === '*' ? v * r : v / r; } return v; }
  function sum() { let v = product(); while (peek() === '+' || peek() === '-') { const op = tokens[i++]; const r = product(); v = op === '+' ? v + r : v - r; } return v; }
  const value = sum();
  if (i !== tokens.length) throw new Error('unexpected ' + tokens[i]);
  return Math.round(value * 1e10) / 1e10;
}
function press(key) {
  if (key === 'C') { input = ''; last = null; }
  else if (key === '⌫') input = input.slice(0, -1);
  else if (key === '=') {
    try { last = { expression: input, result: evaluate(input) }; document.getElementById('expr').textContent = input + ' ='; input = String(last.result); }
    catch (e) { last = null; document.getElementById('display').textContent = 'Error'; document.getElementById('ask').disabled = true; return; }
  } else input += key;
  document.getElementById('display').textContent = input || '0';
  document.getElementById('ask').disabled = !last;
}`,
  jsExpressions: [
    `const keys = document.getElementById('keys');
for (const key of KEYS) { const b = document.createElement('button'); b.textContent = key; b.setAttribute('aria-label', key === '⌫' ? 'Delete' : key === 'C' ? 'Clear' : key); if ('÷×−+='.includes(key)) b.className = 'op'; b.onclick = () => press(key); keys.append(b); }`,
    `document.getElementById('ask').onclick = () => {
  if (!last) return;
  agent.send({ text: 'Please explain: ' + last.expression + ' = ' + last.result, view: 'calculator', expression: last.expression, result: last.result })
    .catch((e) => { document.getElementById('expr').textContent = e.message; });
};`,
  ],
};

export const CONVERTER_VIEW: ViewProps = {
  initialHeight: 230,
  placeholderMessages: ['Building a unit converter…'],
  title: 'Unit converter',
  summary: 'Converts length, weight and temperature between metric and imperial units as you type.',
  css:
    SHARED_CSS +
    `
label { display: block; font-size: 12px; color: var(--sandbox-muted); margin: 8px 0 2px; }
.row { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; }
input, select { width: 100%; padding: 7px 8px; border: 1px solid var(--sandbox-border); border-radius: 8px; background: var(--sandbox-bg); color: var(--sandbox-fg); }
.result { margin-top: 10px; font: 600 20px/1.3 var(--sandbox-font); }
.send { margin-top: 8px; padding: 6px 12px; }`,
  html: `<div class="row">
  <div><label for="kind">Quantity</label><select id="kind"><option value="length">Length</option><option value="weight">Weight</option><option value="temperature">Temperature</option></select></div>
  <div><label for="value">Value</label><input id="value" type="number" value="10" step="any"></div>
</div>
<div class="row">
  <div><label for="from">From</label><select id="from"></select></div>
  <div><label for="to">To</label><select id="to"></select></div>
</div>
<div class="result" id="result" role="status"></div>
<button class="send primary" id="send">Send to chat</button>`,
  jsFunctions: `
const UNITS = {
  length: { m: 1, km: 1000, cm: 0.01, mi: 1609.344, ft: 0.3048, in: 0.0254 },
  weight: { kg: 1, g: 0.001, lb: 0.45359237, oz: 0.028349523125 },
  temperature: { '°C': null, '°F': null, K: null },
};
function toKelvin(v, u) { return u === '°C' ? v + 273.15 : u === '°F' ? (v - 32) * 5 / 9 + 273.15 : v; }
function fromKelvin(v, u) { return u === '°C' ? v - 273.15 : u === '°F' ? (v - 273.15) * 9 / 5 + 32 : v; }
function convert(kind, v, from, to) { return kind === 'temperature' ? fromKelvin(toKelvin(v, from), to) : v * UNITS[kind][from] / UNITS[kind][to]; }
function fill(kind) {
  const names = Object.keys(UNITS[kind]);
  for (const [id, pick] of [['from', 0], ['to', 1]]) {
    const select = document.getElementById(id);
    select.replaceChildren(...names.map((n) => new Option(n, n)));
    select.value = names[pick];
  }
}
let current = null;
function update() {
  const kind = document.getElementById('kind').value, v = parseFloat(document.getElementById('value').value);
  const from = document.getElementById('from').value, to = document.getElementById('to').value;
  if (!Number.isFinite(v)) { document.getElementById('result').textContent = 'Enter a number'; current = null; return; }
  const out = Math.round(convert(kind, v, from, to) * 1e6) / 1e6;
  current = { value: v, from, to, result: out };
  document.getElementById('result').textContent = v + ' ' + from + ' = ' + out + ' ' + to;
}`,
  jsExpressions: [
    `fill('length'); update();`,
    `document.getElementById('kind').onchange = (e) => { fill(e.target.value); update(); };
for (const id of ['value', 'from', 'to']) document.getElementById(id).oninput = update;`,
    `document.getElementById('send').onclick = () => {
  if (current) agent.send({ text: current.value + ' ' + current.from + ' is ' + current.result + ' ' + current.to + ' — what is that in everyday terms?', view: 'unit-converter', ...current }).catch(() => {});
};`,
  ],
};

/** A view written as JSX with the page's kit (README, "Generated views"): its props, in the field order. */
export interface JsxViewProps {
  initialHeight: number;
  placeholderMessages: string[];
  title: string;
  summary: string;
  css: string;
  jsx: string;
}

/**
 * The bill splitter, written the way a model writes a `jsx` view for the demo kit (examples/kit/):
 * its Card, Field and Button, Preact's hooks, and `agent.send` for the button. Its parts come one
 * after the other, so the view is drawn a piece at a time while it streams.
 */
export const BILL_VIEW: JsxViewProps = {
  initialHeight: 300,
  placeholderMessages: ['Building the bill splitter…'],
  title: 'Split the bill',
  summary: 'Splits a bill with a tip between a number of people, and sends the share back to the assistant.',
  css: `body { padding: 12px; }
.total { font: 600 22px/1.3 var(--sandbox-font); margin: 4px 0 12px; }
.row { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 8px; }`,
  jsx: `const money = (n) => (Number.isFinite(n) ? n : 0).toFixed(2);

function App() {
  const [bill, setBill] = useState('84.50');
  const [tip, setTip] = useState('15');
  const [people, setPeople] = useState('3');
  const total = parseFloat(bill) * (1 + parseFloat(tip) / 100);
  const share = total / Math.max(1, parseInt(people, 10) || 1);
  return (
    <Card title="Your share">
      <div className="row">
        <Field label="Bill" type="number" value={bill} onInput={setBill} />
        <Field label="Tip %" type="number" value={tip} onInput={setTip} />
        <Field label="People" type="number" value={people} onInput={setPeople} />
      </div>
      <p className="total" role="status">Each pays {money(share)}</p>
      <p>Total with tip: {money(total)}</p>
      <Button variant="primary" onClick={() => agent.send({ text: 'Each of us pays ' + money(share) + ' — how should we round it?', view: 'bill-splitter', bill: parseFloat(bill), tip: parseFloat(tip), people: parseInt(people, 10), share: Number(money(share)) }).catch(() => {})}>
        Send to chat
      </Button>
    </Card>
  );
}`,
};

const fence = (props: ViewProps | JsxViewProps) => '```sandbox\n' + JSON.stringify(props, null, 2) + '\n```';

export const CALCULATOR_ANSWER = `Here is a calculator you can use right here:

${fence(CALCULATOR_VIEW)}

Press **=** for the result, then *Ask the assistant to explain* if you want the working.`;

export const CONVERTER_ANSWER = `Here is a unit converter for length, weight and temperature:

${fence(CONVERTER_VIEW)}

It converts as you type. *Send to chat* passes the result back to me.`;

export const BILL_ANSWER = `Here is a bill splitter, drawn with this site's own components:

${fence(BILL_VIEW)}

Change the numbers and the share follows; *Send to chat* tells me the result.`;

/** The answer where the page has no kit for jsx views: the view cannot be drawn there. */
export const NO_KIT_ANSWER =
  'The bill splitter is drawn with a site\'s own components (a *kit* for generated views), and this page has none installed. Try it on the [interactive answers page](/pages/sandbox.html), whose owner installs the demo kit.';

/** The demo's reply to a message a view sent (`agent.send`): the payload arrives as JSON. */
export function viewSendAnswer(payload: Record<string, unknown>): string {
  if (payload.view === 'calculator' && typeof payload.expression == 'string') {
    return `You asked about **${payload.expression} = ${String(payload.result)}**. Multiplication and division are done before addition and subtraction, and brackets first of all; the calculator followed those rules to reach ${String(payload.result)}.`;
  }
  if (payload.view === 'bill-splitter') {
    return `Each of the ${String(payload.people)} pays **${String(payload.share)}**. Rounding up to the next whole unit is simplest; whoever pays the difference can take the next round.`;
  }
  if (payload.view === 'unit-converter') {
    return `**${String(payload.value)} ${String(payload.from)} = ${String(payload.result)} ${String(payload.to)}.** (The demo agent received the converter's values as JSON: \`${JSON.stringify(payload).slice(0, 200)}\`.)`;
  }
  return `The view sent: ${JSON.stringify(payload).slice(0, 300)}`;
}

/** A message a view sent (`agent.send`): a JSON object with `text`. Null for any other text. */
export function viewSendPayload(text: string): Record<string, unknown> | null {
  if (!text.startsWith('{')) return null;
  try {
    const payload = JSON.parse(text) as unknown;
    if (payload && typeof payload == 'object' && !Array.isArray(payload) && typeof (payload as { text?: unknown }).text == 'string') {
      return payload as Record<string, unknown>;
    }
  } catch {
    /* not a view's send */
  }
  return null;
}

/** Words that ask for the bill splitter, the kit's demo view. */
export const BILL_WORDS = /\b(?:bill|split(?:ter)?|tip|kit)\b/i;

/**
 * The view a message asks for, with the markdown answer that carries it as a fenced block. The
 * bill splitter is JSX with the page's kit: only where the client said it has one (`kit`, its
 * `client_capabilities.sandbox_kit`); elsewhere the answer says why there is none.
 */
export function demoView(text: string, kit?: string): { view: ViewProps | JsxViewProps | null; answer: string } | null {
  if (BILL_WORDS.test(text)) return kit ? { view: BILL_VIEW, answer: BILL_ANSWER } : { view: null, answer: NO_KIT_ANSWER };
  if (/\bcalculator\b/i.test(text)) return { view: CALCULATOR_VIEW, answer: CALCULATOR_ANSWER };
  if (/\b(?:unit[- ]?converter|convert(?:er)?)\b/i.test(text)) return { view: CONVERTER_VIEW, answer: CONVERTER_ANSWER };
  return null;
}

/**
 * The sandbox scenarios of the demo: a message a view sent (a JSON object with `text`), or one
 * asking for the calculator, the converter or the bill splitter. Null for any other message.
 */
export function demoSandboxAnswer(text: string, kit?: string): string | null {
  const sent = viewSendPayload(text);
  if (sent) return viewSendAnswer(sent);
  return demoView(text, kit)?.answer ?? null;
}
