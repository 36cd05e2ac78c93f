// Renderers the widget brings itself. Their code is not in widget.js: each is an ES module
// beside it (dist/renderers/), imported the first time a block of its type mounts, so the
// core stays within its size budget and pages that never show a form never download one.

import type { RendererContext, RendererDefinition } from './types';

/** DESIGN.md §8.1 / reference: a form's fenced JSON is at most 32 KiB. */
const FORM_MAX_PAYLOAD_BYTES = 32 * 1024;

type RendererModule = { mount(context: RendererContext, host?: object): ReturnType<RendererDefinition['mount']> };

/**
 * `scriptSrc` is widget.js's own URL; the modules sit in `renderers/` next to it. `sandbox` (the
 * owner's opt-in: preload `sandbox`, or `{}` for `data-sandbox="1"`) adds the `sandbox` renderer,
 * whose module validates it and gets `send(message, shown)` (DESIGN.md §8.3).
 */
export function builtinRenderers(scriptSrc: string, sandbox?: unknown, send?: (message: string, shown: string) => boolean | undefined): RendererDefinition[] {
  const load = (name: string, host?: object) => {
    const url = new URL(`renderers/${name}.js`, scriptSrc).href;
    // A failed import rejects the mount, and the block falls back to its source as code.
    return (context: RendererContext) => (import(url) as Promise<RendererModule>).then((module) => module.mount(context, host));
  };
  return [
    { type: 'bailing-form', version: 1, label: 'Form', contentType: 'application/json', maxPayloadBytes: FORM_MAX_PAYLOAD_BYTES, mount: load('bailing-form') },
    ...(sandbox ? [{ type: 'sandbox', mount: load('sandbox', { sandbox, send }) }] : []),
  ];
}
