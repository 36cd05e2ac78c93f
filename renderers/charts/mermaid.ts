// The `mermaid` renderer (DESIGN.md §8.2): diagram text drawn by the host's Mermaid with
// `securityLevel: 'strict'`, after the reply is done (the widget mounts only then). Errors throw,
// so the widget shows the block as code. The host passes Mermaid in; this module never imports it.

import type { RendererContext, RendererDefinition } from '../../widget/types';
import { installRenderer } from './install';
import { MERMAID_LIMITS } from './limits';
import { checkMermaidSource } from './mermaid-source';
import { chartColors } from './palette';
import { HTML_ELEMENTS } from './svg-allow-list';
import { sanitizeSvgTree } from './svg-policy';
import { MERMAID_POLICY, templateHTML, trustedTypesPage } from './trusted-svg';

/** The part of the Mermaid API this adapter uses (Mermaid 10 and later). */
export interface MermaidLike {
  initialize(config: Record<string, unknown>): void;
  render(id: string, text: string): Promise<{ svg: string; diagramType?: string }>;
}

export interface MermaidRendererOptions {
  /** Text of the source toggle; default "Show diagram source". */
  showSourceLabel?: string;
}

export const MERMAID_TYPE = 'mermaid';

let sequence = 0;

/** A renderer definition for `mermaid` blocks (`text/plain`). */
export function createMermaidRenderer(mermaid: MermaidLike, options: MermaidRendererOptions = {}): RendererDefinition {
  if (!mermaid || typeof mermaid.render !== 'function' || typeof mermaid.initialize !== 'function') {
    throw new TypeError('createMermaidRenderer(mermaid): pass the Mermaid module (it needs initialize and render)');
  }
  // Mermaid's configuration is global: renders run one at a time, each with its own theme.
  let queue: Promise<unknown> = Promise.resolve();
  const draw = (id: string, source: string, ctx: RendererContext): Promise<{ svg: string; diagramType?: string }> => {
    const colors = chartColors(ctx.theme);
    const run = async () => {
      if (ctx.signal.aborted) throw new Error('aborted');
      mermaid.initialize({
        startOnLoad: false,
        // Labels are escaped, `click` callbacks and links are off, and directives cannot change this
        // (Mermaid keeps securityLevel in its `secure` list).
        securityLevel: 'strict',
        // Label HTML is cut to plain formatting tags without attributes before Mermaid draws it
        // into the page to measure it: strict mode's own DOMPurify keeps <img src> and style
        // attributes, which would load from there, before the SVG is ever checked.
        dompurifyConfig: { ALLOWED_TAGS: [...HTML_ELEMENTS], ALLOWED_ATTR: [] },
        // A syntax error throws instead of drawing an error picture into the page.
        suppressErrorRendering: true,
        // On a Trusted Types page labels are SVG text: Mermaid writes HTML labels with innerHTML,
        // which the host's default policy refuses for markup (as it should).
        ...(trustedTypesPage() ? { htmlLabels: false, flowchart: { htmlLabels: false } } : {}),
        theme: 'base',
        themeVariables: {
          darkMode: ctx.theme.mode === 'dark',
          background: colors.surface,
          primaryColor: ctx.theme.mode === 'dark' ? '#1e293b' : '#f1f5f9',
          primaryBorderColor: colors.series[0],
          primaryTextColor: colors.text,
          lineColor: colors.muted,
          textColor: colors.text,
          fontFamily: 'system-ui, sans-serif',
        },
      });
      try {
        return await mermaid.render(id, source);
      } finally {
        // Mermaid measures text in a scratch element on the page; never leave one behind.
        for (const stray of [document.getElementById(id), document.getElementById('d' + id)]) {
          if (stray && !ctx.container.contains(stray)) stray.remove();
        }
      }
    };
    const result = queue.then(run, run);
    queue = result.catch(() => undefined);
    return result;
  };

  return {
    type: MERMAID_TYPE,
    version: 1,
    label: 'Diagram',
    contentType: 'text/plain',
    maxPayloadBytes: MERMAID_LIMITS.sourceBytes,
    async mount(ctx: RendererContext) {
      const checked = checkMermaidSource(ctx.payload);
      if (!checked.ok) throw new Error(`invalid mermaid block: ${checked.error.message} [${checked.error.type}]`);
      const id = `bc-mermaid-${++sequence}-${Math.random().toString(36).slice(2, 8)}`;
      const { svg: svgText, diagramType } = await draw(id, checked.source, ctx).catch((error: unknown) => {
        // Mermaid's own innerHTML, refused on a Trusted Types page without a default policy.
        throw /TrustedHTML/.test(String(error))
          ? new Error(`Mermaid cannot draw on this page: it requires Trusted Types and Mermaid writes HTML strings; a default policy that lets text without markup through, and the policies "${MERMAID_POLICY}" and "dompurify" let it (README, "Mermaid on a Trusted Types page")`)
          : error;
      });
      if (ctx.signal.aborted) return;
      // Parsed in a <template>: an inert document where nothing runs or loads until it is checked.
      // (Mermaid serializes HTML labels as HTML, so an XML parser would refuse some diagrams.)
      // On a Trusted Types page the string becomes a TrustedHTML of the adapter's policy (trusted-svg.ts).
      const template = document.createElement('template');
      template.innerHTML = templateHTML(svgText);
      const svg = template.content.firstElementChild;
      if (!svg || svg.localName !== 'svg' || template.content.childElementCount !== 1) throw new Error('Mermaid returned no SVG');
      sanitizeSvgTree(svg);
      const figure = document.createElement('figure');
      figure.className = 'bc-diagram';
      // Named by its kind ("Diagram: flowchart"); Mermaid's own accTitle/accDescr stay on the SVG.
      const kind = typeof diagramType === 'string' && /^[A-Za-z][\w-]{0,39}$/.test(diagramType) ? diagramType.replace(/-v\d+$/, '') : '';
      figure.setAttribute('aria-label', kind ? `Diagram: ${kind}` : 'Diagram');
      Object.assign(figure.style, { margin: '0', overflowX: 'auto', maxWidth: '100%' });
      const node = document.importNode(svg, true);
      // Scales down with the message (the viewBox keeps proportions); never wider than drawn: at
      // most the viewBox's width (Mermaid's own max-width says the same), so a small diagram in a
      // wide (maximised) panel is not blown up.
      const drawn = (node as SVGSVGElement).viewBox?.baseVal?.width;
      (node as SVGSVGElement).style.maxWidth = drawn > 0 ? `min(${Math.ceil(drawn)}px, 100%)` : '100%';
      (node as SVGSVGElement).style.height = 'auto';
      figure.append(node);
      const details = document.createElement('details');
      const summary = document.createElement('summary');
      summary.textContent = options.showSourceLabel ?? 'Show diagram source';
      const pre = document.createElement('pre');
      pre.textContent = checked.source;
      details.append(summary, pre);
      Object.assign(details.style, { fontSize: '0.875em' });
      figure.append(details);
      ctx.container.append(figure);
      return () => figure.remove();
    },
  };
}

/** Registers the Mermaid renderer with the widget on this page (or queues it in the preload). */
export function registerMermaidRenderer(mermaid: MermaidLike, options?: MermaidRendererOptions): () => void {
  return installRenderer(createMermaidRenderer(mermaid, options));
}
