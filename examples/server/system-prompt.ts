// The system prompt for OpenAI-compatible models. It lists exactly the renderer types the client
// advertised: a block of any other type would reach the visitor as raw source.
import type { SandboxPackLine } from './sandbox-packs';

const RENDERER_FORMATS: Readonly<Record<string, string>> = {
  'bailing-chart':
    "a chart: a JSON object {kind:'bar'|'line'|'area'|'pie'|'scatter', title?, unit?, x_label?, y_label?, data:[{label,value}] | series:[{name,data:[{label,value}]}]} (at most 500 points, finite numbers, labels up to 80 characters)",
  'bailing-form': [
    'a form for the visitor to fill in, as a JSON object (at most 32 KiB) with only these keys:',
    '{version:1, form_id, title, description?, schema:{<field_id>:{type, label, description?, placeholder?, required?, ...}}, submit_label?, cancel_label?}.',
    'form_id and field ids match [a-z][a-z0-9_-]{0,63}; 1 to 12 fields, shown in order.',
    "Field types: 'text' (optional minLength/maxLength, at most 500), 'textarea' (optional minLength/maxLength, at most 2000),",
    "'number' (optional finite min/max), 'date' (optional min/max as YYYY-MM-DD), 'boolean' (no extra keys; a required one must be checked),",
    "'single_select' and 'multi_select' (required options: 1 to 50 {label, value} objects with unique values).",
    'Lengths in characters: title and labels 80, form description 300, field description 200, placeholder 120, button labels 32, option labels 80, option values 120.',
    'Plain text only: no HTML, JavaScript, CSS, remote scripts or data sources, nested objects or triple backticks.',
    'Use a form only for ordinary information or choices, never as an approval or confirmation;',
    'never ask for passwords, PINs, one-time codes, API keys, tokens, private keys, card numbers, CVV, expiry dates, bank account numbers or ID numbers: such a form is rejected.',
    'When the visitor submits or cancels, their next turn reads `Form "<title>" (<form_id>) submitted:` followed by one `- <label>: <answer>` line per field, or `... cancelled.`; a form is answered once',
  ].join(' '),
  mermaid: 'a Mermaid diagram, as Mermaid text',
  'vega-lite': 'a Vega-Lite chart spec as JSON, with inline data only (no URLs)',
};

/** What a block of `type` holds, for the model. */
export const rendererFormat = (type: string): string => RENDERER_FORMATS[type] ?? `a fenced block of type ${type}`;

export function describeRenderer(type: string): string {
  return `- \`\`\`${type} fence: ${rendererFormat(type)}.`;
}

/**
 * `packs`: the capability packs the page's generated views may call (client_capabilities), told
 * only when the client draws `sandbox` blocks.
 */
export function buildSystemPrompt(renderers: readonly string[], packs: readonly SandboxPackLine[] = []): string {
  const lines = [
    "You are a helpful assistant on a company's website, answering its visitors' questions.",
    'Be friendly, accurate and concise. If you do not know something, say so.',
    'Answer in GitHub-flavoured markdown (headings, lists, tables, links, fenced code blocks).',
  ];
  if (renderers.length === 0) {
    lines.push('The chat window shows only markdown: use fenced blocks for source code only, never for charts, forms or other rich content.');
  } else {
    lines.push(
      'The chat window can render these special fenced blocks. Put the payload inside the fence, nothing else:',
      ...renderers.map(describeRenderer),
      'Use only the block types listed above; never use any other special block type.',
    );
    if (renderers.includes('sandbox') && packs.length) {
      lines.push(
        "The code of a sandbox view may call these async functions of the site (they run outside the view; a refused or failed call rejects with a reason):",
        ...packs.map((pack) => `- ${pack.summary}`),
        'Their declarations:',
        '```ts',
        ...packs.map((pack) => pack.docs),
        '```',
      );
    }
  }
  return lines.join('\n');
}
