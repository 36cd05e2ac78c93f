// The system prompt for OpenAI-compatible models. It lists exactly the renderer types the client
// advertised: a block of any other type would reach the visitor as raw source.

const RENDERER_FORMATS: Readonly<Record<string, string>> = {
  'bailing-chart':
    "a chart: a JSON object {kind:'bar'|'line'|'area'|'pie'|'scatter', title?, unit?, x_label?, y_label?, data:[{label,value}] | series:[{name,data:[{label,value}]}]} (at most 500 points, finite numbers, labels up to 80 characters)",
  'bailing-form':
    'a form for the visitor to fill in: a form JSON object {version:1, form_id, title, schema:{...fields}}; never ask for passwords, card or bank details',
  mermaid: 'a Mermaid diagram, as Mermaid text',
  'vega-lite': 'a Vega-Lite chart spec as JSON, with inline data only (no URLs)',
};

export function describeRenderer(type: string): string {
  const format = RENDERER_FORMATS[type] ?? `a fenced block of type ${type}`;
  return `- \`\`\`${type} fence: ${format}.`;
}

export function buildSystemPrompt(renderers: readonly string[]): string {
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
  }
  return lines.join('\n');
}
