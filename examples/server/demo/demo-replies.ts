// The demo agent's canned answers. Plain data, so tests can compare streamed text against it.

export const TOOL_PREAMBLE = 'Let me check that for you…';

export const WEATHER_ANSWER = `Here's the forecast from the demo weather tool (made-up data):

- **Now:** 18 °C, light clouds
- **This afternoon:** 21 °C with sunny spells
- **Tomorrow:** 16 °C, showers likely
  - Take an umbrella if you head out after 3 pm.

Anything else you'd like me to look up?`;

export const SEARCH_ANSWER = `I searched the Acme help center with the demo search tool. Top results:

1. **Installing the widget**: add one \`<script>\` tag to your pages.
2. **Choosing colours and position**: change them in the dashboard, no redeploy needed.
3. **Signed-in visitors**: pass a short-lived ticket from your backend.

Want me to open one of these?`;

export const FAIL_PARTIAL = 'Let me look into that for you and ';

export const FAIL_REPLY = 'Sorry — the assistant could not finish this answer. Please try again.';

export const HELLO_ANSWER = `Hi there! 👋 I'm the **Acme help assistant**.

I can help you:

- set up the chat widget on your site,
- change its look, or
- troubleshoot an installation.

What would you like to do?`;

export const INTERACTION_ANSWER = `Thanks, I received your response. **Someone from our team will follow up shortly.**`;

/** The demo's `bailing-form`: one field of every kind a refund request needs. */
export const REFUND_FORM = {
  version: 1,
  form_id: 'refund_request',
  title: 'Refund request',
  description: 'We will continue the conversation once you submit the form.',
  schema: {
    order: { type: 'text', label: 'Order number', placeholder: 'e.g. A-1042', required: true, maxLength: 40 },
    reason: { type: 'textarea', label: 'Reason for the refund', required: true, maxLength: 500 },
    method: {
      type: 'single_select',
      label: 'Refund method',
      required: true,
      options: [
        { label: 'Original payment method', value: 'original' },
        { label: 'Account balance', value: 'balance' },
      ],
    },
    date: { type: 'date', label: 'Preferred refund date', description: 'Optional: leave empty for as soon as possible.' },
    terms: { type: 'boolean', label: 'I agree to the refund terms', required: true },
  },
  submit_label: 'Send request',
  cancel_label: 'Not now',
} as const;

export const FORM_ANSWER = `Sure, I can help with that. Please fill in this short form:

\`\`\`bailing-form
${JSON.stringify(REFUND_FORM, null, 2)}
\`\`\`

Once you send it, I'll confirm the request right here.`;

export const FORM_CANCELLED_ANSWER = 'No problem — the form was cancelled. Let me know if there is anything else I can help with.';

/** The demo's reply to a submitted refund form, quoting what the visitor chose. */
export function refundAnswer(values: Readonly<Record<string, unknown>>): string {
  const method = REFUND_FORM.schema.method.options.find((option) => option.value === values.method)?.label ?? 'the method you chose';
  const when = typeof values.date === 'string' && values.date !== '' ? `on **${values.date}**` : '**as soon as possible**';
  const order = typeof values.order === 'string' ? values.order.replace(/[\\`*_[\]<>~|]/g, '\\$&') : '';
  return `Thanks — refund request for order **${order}** recorded: method ${method}, paid ${when}. We'll email you when it's done.`;
}

/** The demo's reply to any other submitted form. */
export const FORM_SUBMITTED_ANSWER = 'Thanks — I received the form. **Someone from our team will follow up shortly.**';

const SIGNUPS_CHART = {
  kind: 'bar',
  title: 'Weekly signups',
  unit: 'signups',
  x_label: 'Day',
  y_label: 'Signups',
  data: [
    { label: 'Mon', value: 12 },
    { label: 'Tue', value: 19 },
    { label: 'Wed', value: 15 },
    { label: 'Thu', value: 22 },
    { label: 'Fri', value: 28 },
    { label: 'Sat', value: 9 },
    { label: 'Sun', value: 7 },
  ],
};

const LAUNCH_TIMELINE = {
  items: [
    { date: '2024-03-01', label: 'Beta opens' },
    { date: '2024-04-15', label: 'Public launch' },
  ],
};

export const CHART_ANSWER = `Here are last week's signups. **Friday** was the busiest day:

\`\`\`bailing-chart
${JSON.stringify(SIGNUPS_CHART, null, 2)}
\`\`\`

Signups dip at the weekend, which is typical for business tools. The launch plan is below:

\`\`\`bailing-timeline
${JSON.stringify(LAUNCH_TIMELINE, null, 2)}
\`\`\`

Let me know if you'd like the same chart for another week.`;

/** A `mermaid` block for the chart adapters' demo (the page registers the Mermaid renderer). */
export const DIAGRAM_SOURCE = `flowchart TD
  visitor([Visitor]) -->|asks| widget[Chat widget]
  widget -->|POST /chat/:entry| hub{{Hub}}
  hub -->|SSE deltas| widget
  hub --> agent[Demo agent]
  agent -->|done| hub`;

export const DIAGRAM_ANSWER = `Here is how an answer travels from the visitor to the agent and back:

\`\`\`mermaid
${DIAGRAM_SOURCE}
\`\`\`

The widget renders rich blocks like this one only once the answer is done.`;

/** A `vega-lite` block for the chart adapters' demo: inline data only. */
export const VEGA_SPEC = {
  $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
  description: 'Answer time by region, in milliseconds',
  title: 'Median answer time by region',
  data: {
    values: [
      { region: 'Europe', ms: 420 },
      { region: 'Americas', ms: 510 },
      { region: 'Asia', ms: 610 },
      { region: 'Oceania', ms: 700 },
    ],
  },
  mark: { type: 'bar', cornerRadiusEnd: 3 },
  encoding: {
    y: { field: 'region', type: 'nominal', sort: '-x', title: null },
    x: { field: 'ms', type: 'quantitative', title: 'Median answer time (ms)' },
    tooltip: [{ field: 'region' }, { field: 'ms', title: 'ms' }],
  },
};

export const VEGA_ANSWER = `Median answer times by region, drawn from a Vega-Lite spec:

\`\`\`vega-lite
${JSON.stringify(VEGA_SPEC, null, 2)}
\`\`\`

Oceania is the slowest, as it is the farthest from the demo's servers.`;

export const SLOW_ANSWER = `Sure, let me walk you through it step by step.

First, open the **Widget** page of your Acme dashboard and copy the embed snippet. Then paste it just before the closing \`</body>\` tag of every page where the assistant should appear.

Finally, reload one of those pages: the launcher bubble shows up in the corner you chose. That's all there is to it!`;

export const TIMEOUT_ANSWER = `Thanks for waiting, that one took a while to look up.

Your **export** is ready: it contains 1,284 conversations from the last 30 days. You can download it from *Settings → Data → Exports* for the next 7 days.`;

/** Formulas (drawn where the page turned math on), beside prices and code that must stay text. */
export const MATH_ANSWER = String.raw`The quadratic formula solves $ax^2 + bx + c = 0$ for $x$:

$$
x = \frac{-b \pm \sqrt{b^2 - 4ac}}{2a}
$$

Euler's identity, \(e^{i\pi} + 1 = 0\), links five constants, and the sum of the first $n$ numbers is \[\sum_{k=1}^{n} k = \frac{n(n+1)}{2}\]

Prices stay prices: the plan costs $5 and the add-on $10. In a shell, ${'`'}echo $HOME$${'`'} prints a path.

A formula with a typo stays as written: $\frac{1}{$.

Links and images are not drawn from a formula: $\href{https://leak.example/href}{docs}$ and $\includegraphics{https://leak.example/img.png}$.`;

export const LONG_ANSWER = `## Setting up the Acme chat widget

Getting the assistant onto your site takes about **five minutes**. You need access to your site's HTML (or its template) and an Acme account with the *Owner* or *Admin* role.

### 1. Add the script tag

Paste this line just before the closing \`</body>\` tag of every page where the assistant should appear:

\`\`\`bash
# Check that your entry answers before you embed it
curl -s https://hub.example.com/chat/demo_assistant/config | jq .title
\`\`\`

Then add the tag itself. The \`data-entry\` attribute names your assistant; see the [embed guide](https://docs.example.com/widget/embed) for every attribute:

\`\`\`html
<script src="https://hub.example.com/widget.js" data-entry="demo_assistant" async></script>
\`\`\`

The script loads *asynchronously*, so it never slows down your page. It adds a single launcher button and keeps all of its styles to itself.

### 2. Choose how it looks

You can change the look at any time, without touching your site:

1. Open **Dashboard → Widget → Appearance**.
2. Pick an accent colour and a corner:
   - *Right* suits most layouts.
   - *Left* keeps clear of cookie banners placed on the right.
3. Write a greeting. Keep it short: one sentence works best.
4. Press **Publish**. Visitors see the change on their next page load.

| Setting | Default | Notes |
| --- | --- | --- |
| Accent colour | \`#2563eb\` | Used for the launcher and your visitors' messages |
| Position | right | \`left\` or \`right\` |
| Width × height | 380 × 600 | Phones always get the full screen |
| Uploads | off | Images, PDFs and text files up to 2 MiB |

### 3. Talk to it from your page (optional)

Your page can open the chat, send a message or tell the assistant where the visitor is:

\`\`\`ts
// Tell the assistant which product page the visitor is reading.
window.BailingChat.setContext({ page_key: 'sku-1042', page_name: 'Trail Runner 2' });

// Open the panel from your own "Need help?" button.
document.querySelector('#help')?.addEventListener('click', () => window.BailingChat.open());
\`\`\`

### 4. Recognise signed-in visitors (optional)

If your visitors log in, your backend can sign a short-lived **ticket** for each of them. With a ticket, a visitor's conversations follow them from their laptop to their phone:

1. Copy the entry's *ticket secret* from **Dashboard → Widget → Security**. Keep it on your server only.
2. Sign a ticket with the visitor's id and an expiry a few minutes ahead.
3. Put it on the script tag as \`data-ticket\`, or call \`BailingChat.setTicket(ticket)\` when the visitor logs in.

Anonymous visitors keep working as before: the widget remembers them in the browser's local storage.

### Troubleshooting

- **The launcher does not appear.** Check the browser console; a \`403\` from the config request means your site's origin is not in the entry's *Allowed origins* list.
- **Answers stop halfway.** A proxy may be buffering the stream. Turn off response buffering for \`/chat/*/events/*\`, or send the \`X-Accel-Buffering: no\` header through.
- **Signed-in visitors see an empty history.** Their ticket may have expired; tickets are short-lived by design, so issue a fresh one with each page.

> **Tip:** the assistant never sees your visitors' cookies or your page's contents, only the page title and the context you pass with \`setContext\`.

Need more help? Read the [full documentation](https://docs.example.com/widget) or write to *support@example.com* and we'll get back to you within one business day.`;

/** Markdown's own characters in visitor text we quote, so a name cannot turn into a link or markup. */
export const escapeMarkdown = (text: string): string => text.replace(/[\\`*_[\]()<>~|!#]/g, '\\$&');

/** The demo's small knowledge base: what "docs" answers cite (`done.references`). */
export const DOCS_REFERENCES = [
  {
    seq: 1,
    title: 'Installing the Acme chat widget',
    score: 0.92,
    snippet: 'Add one script tag with your entry key before the closing body tag; the widget loads asynchronously and keeps its styles in a shadow root.',
  },
  {
    seq: 2,
    title: 'Allowed origins and visitor tickets',
    score: 0.81,
    snippet: 'Only the origins listed for an entry may embed it. Signed-in visitors carry a short-lived ticket signed by your backend.',
  },
  {
    seq: 3,
    title: 'Changing the widget’s appearance',
    score: 0.67,
    snippet: 'Colour, position, greeting and size are set per entry in the dashboard and apply on the next page load, without a redeploy.',
  },
] as const;

export const DOCS_ANSWER = `Here is what the Acme documentation says:

- **Installing:** add one \`<script>\` tag with your entry key to each page; it loads asynchronously and never touches your page's styles [1].
- **Security:** only the origins you list may embed the assistant, and signed-in visitors carry a short-lived ticket from your backend [2].
- **Look and feel:** colour, position and greeting are changed in the dashboard and apply on the next page load [3].

The sources are listed below the answer.`;

/** The demo's answer with a document link: `done.attachments` gets a file entry for it. */
export function filesAnswer(setupGuideUrl: string): string {
  return `Here is the setup guide as a PDF: [Setup guide](${setupGuideUrl})

It walks through the four steps: copy the snippet, paste it into your pages, allow your site's origin, and reload.`;
}

export const RECAP_EMPTY_ANSWER = 'This is the start of our conversation: you have not asked me anything else yet.';

/** The demo's proof that it sees the thread's history: the visitor's earlier messages, quoted. */
export function recapAnswer(earlier: readonly string[]): string {
  if (earlier.length === 0) return RECAP_EMPTY_ANSWER;
  const quoted = earlier.map((text) => `- “${escapeMarkdown(text.length > 120 ? `${text.slice(0, 117)}…` : text)}”`);
  return `So far in this conversation you said:\n\n${quoted.join('\n')}`;
}

/** `12 KB`, `1.5 MB`, `312 bytes`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${+(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const KIND_WORDS = { image: 'image', audio: 'voice recording', file: 'file' } as const;

/** The demo's reply to a message that carries uploads: it names what it received. */
export function receivedAnswer(files: readonly { type: 'image' | 'audio' | 'file'; name: string; bytes?: number }[], text: string): string {
  if (files.length === 0) return 'I got your message, but no file came with it.';
  const described = files.map((file) => {
    const size = file.bytes === undefined ? '' : ` (${formatBytes(file.bytes)})`;
    return `your ${KIND_WORDS[file.type]} **${escapeMarkdown(file.name)}**${size}`;
  });
  const list = described.length === 1 ? described[0]! : `${described.slice(0, -1).join(', ')} and ${described.at(-1)!}`;
  const note = text.trim() === '' ? '' : ` You wrote: “${escapeMarkdown(text.trim().slice(0, 200))}”.`;
  return `I got ${list}.${note} This demo does not read file contents, but a real assistant could pass the link on to a tool.`;
}
