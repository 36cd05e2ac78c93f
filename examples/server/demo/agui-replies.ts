// The AG-UI demo's canned data and answers (agui-demo.ts): tool arguments and results, state, the
// approvals it asks for. Plain data and small text functions, so tests compare against them.
import { escapeMarkdown } from './demo-replies';

export const WEATHER_TOOL = 'get_weather';
export const SEARCH_TOOL = 'search_help_center';
export const RESTART_TOOL = 'restart_server';
export const INVOICE_TOOL = 'send_invoice';
/** The host tool the demo page defines; any other tool the run lists is called when it is absent. */
export const PAGE_INFO_TOOL = 'get_page_info';
/** The tool name of a generated view: the `sandbox` renderer's type behind the `ui__` prefix. */
export const SANDBOX_TOOL = 'ui__sandbox';

export const WEATHER_ARGS = { city: 'Berlin', days: 2 };
export const WEATHER_RESULT = {
  city: 'Berlin',
  now: { celsius: 18, sky: 'light clouds' },
  afternoon: { celsius: 21, sky: 'sunny spells' },
  tomorrow: { celsius: 16, sky: 'showers likely', rain_after: '15:00' },
};
export const SEARCH_RESULT = {
  results: [
    { title: 'Installing the widget', score: 0.93 },
    { title: 'Choosing colours and position', score: 0.84 },
    { title: 'Signed-in visitors', score: 0.77 },
  ],
};

export const COMPARE_PREAMBLE = 'I’ll check both cities at once…';
export const COMPARE_CITIES = [
  { args: { city: 'Berlin', days: 1 }, result: { city: 'Berlin', celsius: 18, sky: 'light clouds' } },
  { args: { city: 'Lisbon', days: 1 }, result: { city: 'Lisbon', celsius: 24, sky: 'sunny' } },
] as const;
export const COMPARE_ANSWER = `Both lookups are back (made-up data):

| City | Now | Sky |
| --- | --- | --- |
| Berlin | 18 °C | light clouds |
| Lisbon | 24 °C | sunny |

**Lisbon** is 6 °C warmer today.`;

export const CHUNKS_ANSWER = `This answer arrives as **TEXT_MESSAGE_CHUNK** events: each chunk names its message, and the first one its role, so the client opens, fills and closes the message by itself.

Nothing else about it is special: it ends when the run does.`;

export const REASONING_TEXT =
  'The visitor asks how long setup takes. The snippet is one script tag; colours are set in the dashboard; allowed origins must include their site. Five minutes is a fair estimate; mention the origin check, since it is the usual stumbling block.';
export const REASONING_ANSWER = `Setting up takes about **five minutes**:

1. Paste the script tag before \`</body>\`.
2. Add your site to the entry's *allowed origins* — the step people most often forget.
3. Reload the page and open the chat.`;

export interface TodoItem {
  id: string;
  title: string;
  done: boolean;
}
export const STARTER_TODOS: readonly TodoItem[] = [
  { id: 't1', title: 'Add the widget script to the site', done: true },
  { id: 't2', title: 'Choose the accent colour', done: false },
  { id: 't3', title: 'Allow the site’s origin', done: false },
];
export const NEW_TODO_TITLE = 'Test the chat on a phone';
/** The list stops growing here: the oldest item goes as a new one comes. */
export const MAX_TODOS = 20;

export function todoAnswer(added: string, ticked: string | null, done: number, total: number): string {
  const tick = ticked === null ? 'Everything else was already done.' : `I ticked off **${escapeMarkdown(ticked)}**.`;
  return `I added **${escapeMarkdown(added)}** to your setup list. ${tick} ${done} of ${total} done — the list is in the shared state, so your page can show it too.`;
}

export const PROGRESS_TITLE = 'Publishing your widget settings';
export const PROGRESS_STEPS = ['Build the bundle', 'Run the checks', 'Publish to the CDN'] as const;
export const PROGRESS_ACTIVITY = 'bailing.progress';
export const PROGRESS_ANSWER = 'All three steps finished: your new settings are live, and visitors see them on their next page load.';

/** The `CUSTOM` event of the docs answer: the sources it cites as `[1]`, `[2]`…. */
export const REFERENCES_EVENT = 'bailing.references';

export const APPROVAL_PREAMBLE = 'That needs a restart of **web-1**. I’ll ask you before I do it.';
export const RESTART_ARGS = { server: 'web-1' };
export const RESTART_MESSAGE = 'Restart the web-1 server now? Visitors will see errors for about 30 seconds.';

export const INVOICE_PREAMBLE = 'Here is the invoice I would send. Check it, change it if you like, then approve it.';
export interface InvoiceArgs {
  to: string;
  amount: number;
  currency: 'EUR' | 'USD' | 'GBP';
  note?: string;
}
export const INVOICE_ARGS: InvoiceArgs = { to: 'billing@example.com', amount: 120, currency: 'EUR', note: 'Consulting, November' };
export const INVOICE_MESSAGE = 'Send this invoice? You can change the recipient, the amount or the note before approving.';
export const INVOICE_CURRENCIES = ['EUR', 'USD', 'GBP'] as const;
export const MAX_INVOICE_AMOUNT = 100_000;
export const MAX_INVOICE_NOTE_CHARS = 200;
export const MAX_INVOICE_TO_CHARS = 120;
/** The edit form of the invoice approval (`responseSchema`): approve, and optionally replace the arguments. */
export const INVOICE_RESPONSE_SCHEMA = {
  type: 'object',
  properties: {
    approved: { type: 'boolean', title: 'Send the invoice' },
    editedArgs: {
      type: 'object',
      title: 'Invoice',
      description: 'A full replacement of the invoice, not merged with it.',
      properties: {
        to: { type: 'string', format: 'email', title: 'Send to', maxLength: MAX_INVOICE_TO_CHARS },
        amount: { type: 'number', title: 'Amount', exclusiveMinimum: 0, maximum: MAX_INVOICE_AMOUNT },
        currency: { type: 'string', title: 'Currency', enum: [...INVOICE_CURRENCIES] },
        note: { type: 'string', title: 'Note', maxLength: MAX_INVOICE_NOTE_CHARS },
      },
      required: ['to', 'amount', 'currency'],
      additionalProperties: false,
    },
  },
  required: ['approved'],
  additionalProperties: false,
};

export const MAINTENANCE_PREAMBLE = 'Two things need your go-ahead: a restart of **web-1** and this month’s invoice.';

const SYMBOLS: Readonly<Record<InvoiceArgs['currency'], string>> = { EUR: '€', USD: '$', GBP: '£' };
export const formatAmount = (args: InvoiceArgs): string => `${SYMBOLS[args.currency]}${args.amount.toFixed(2)}`;

export const restartDone = (server: string): string => `**${escapeMarkdown(server)}** was restarted and was back up after 28 seconds.`;
export const restartNotDone = (server: string): string => `I did not restart **${escapeMarkdown(server)}**.`;
export function invoiceSent(args: InvoiceArgs, edited: boolean): string {
  const note = args.note ? ` (note: “${escapeMarkdown(args.note)}”)` : '';
  return `I sent the invoice of **${formatAmount(args)}** to **${escapeMarkdown(args.to)}**${note}${edited ? ', with your changes' : ''}.`;
}
export const INVOICE_NOT_SENT = 'I did not send the invoice.';
export const alreadyAnswered = (id: string): string => `The answer to ${id} had already arrived, so nothing was done a second time.`;

export const HOST_TOOL_PREAMBLE = 'Let me ask your page.';
export const NO_HOST_TOOLS_ANSWER =
  'Your page gave me no tools to call. A page lists its tools in `window.BailingChat = { tools: [...] }`, and I can then ask it, for example, which page you are on.';

/** The answer that uses what a host tool returned (a tool message the client sent back). */
export function hostToolAnswer(name: string, content: string, error: string | undefined): string {
  if (error !== undefined) return `Your page's \`${escapeMarkdown(name)}\` tool failed: “${escapeMarkdown(error.slice(0, 200))}”.`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    parsed = undefined;
  }
  const info = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  const title = typeof info?.title === 'string' ? info.title.slice(0, 200) : null;
  const url = typeof info?.url === 'string' ? info.url.slice(0, 500) : null;
  const lead =
    title !== null
      ? `You are on **${escapeMarkdown(title)}**${url !== null ? ` (\`${url.replace(/`/g, '')}\`)` : ''}.`
      : `Your page's \`${escapeMarkdown(name)}\` tool answered.`;
  const shown = content.length > 1000 ? `${content.slice(0, 1000)}…` : content;
  return `${lead} Here is what it told me:\n\n\`\`\`json\n${shown.replace(/```/g, '`\u200b``')}\n\`\`\``;
}

export const FORM_PREAMBLE = 'Sure, I can help with that. Please fill in this short form:';
export const SANDBOX_PREAMBLE = 'Here is a small tool you can use right here:';
export const formInvalidAnswer = (problems: readonly string[]): string =>
  `I could not read that form answer: ${problems.map(escapeMarkdown).join('; ')}. Please send the form again.`;

/** The "trim" demo: an answer during which the agent replaces the earlier turns with a summary (MESSAGES_SNAPSHOT). */
export const TRIM_ANSWER_START = 'I am tidying up our conversation';
export const TRIM_ANSWER_REST = ': the earlier turns are now one short summary, and this answer goes on below the question it answers.';
export const trimSummary = (count: number): string => `(Summary of the ${count} earlier message${count === 1 ? '' : 's'} of this conversation.)`;
