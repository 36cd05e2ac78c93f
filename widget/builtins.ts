// Renderers the widget brings itself. Their code is an optional module (widget/modules.ts): inside
// dist/widget.js, run the first time a block of its type mounts; in the split build, a file beside
// widget.js imported then, so pages that never show a form never download one.

import { loadExternalModule, loadModule } from './modules';
import type { SandboxHostOptions } from '../renderers/sandbox/host';
import type { PackHost } from '../renderers/sandbox/packs/types';
import { preview as sandboxPreview } from '../renderers/sandbox/preview';
import type { RendererContext, RendererDefinition } from './types';
import { trustedHTML } from './ui/trusted-types';
import type { Words } from './ui/i18n/i18n';

/** DESIGN.md §8.1 / reference: a form's fenced JSON is at most 32 KiB. */
const FORM_MAX_PAYLOAD_BYTES = 32 * 1024;

/**
 * `scriptSrc` is widget.js's own URL. `sandbox` (the owner's opt-in: preload `sandbox`, or `{}` for
 * `data-sandbox="1"`) adds the `sandbox` renderer, whose module validates it and gets
 * `send(message, shown)` (DESIGN.md §8.3), and the capability packs once installed (`packs`: packs.js).
 * `strings` are the widget's words, which the form and the view's chrome show in its language;
 * `nonce` is the page's CSP nonce. Views' scripts carry it (a srcdoc frame inherits the page's CSP)
 * only when the owner says so (`sandbox: {nonce: true}`): the model's code in a view can read it,
 * so a page's nonce is never handed to it by default.
 */
export function builtinRenderers(scriptSrc: string, sandbox?: unknown, send?: (message: string, shown: string) => boolean | undefined, packs?: Promise<PackHost | null>, strings?: Promise<Words>, nonce?: string, images?: string[]): RendererDefinition[] {
  const shared = (sandbox as { nonce?: unknown } | undefined)?.nonce === true ? nonce : undefined;
  const host = { sandbox, send, scriptSrc, html: trustedHTML, nonce: shared } as SandboxHostOptions;
  // A2UI surfaces (a2ui.js beside widget.js, fetched with the first): the hub's `a2ui` fence (JSON
  // lines) and the AG-UI activity `a2ui-surface` (its content), one module for both.
  // No label: the module names the region itself, in the widget's language. A block or an
  // activity's content up to the registry's default 64 KiB.
  const mount = (context: RendererContext) => loadExternalModule('a2ui', scriptSrc).then((module) => module.mount(context, { images }));
  return [
    { type: 'a2ui', contentType: 'text/plain', mount },
    { type: 'a2ui-surface', mount },
    {
      type: 'bailing-form',
      version: 1,
      label: 'Form',
      contentType: 'application/json',
      maxPayloadBytes: FORM_MAX_PAYLOAD_BYTES,
      // A failed import rejects the mount, and the block falls back to its source as code.
      mount: (context) => Promise.all([loadModule('renderers/bailing-form', scriptSrc), strings]).then(([module, words]) => module.mount(context, words)),
    },
    ...(sandbox
      ? [{
          type: 'sandbox',
          // The placeholder while the view streams is here: it shows at once. The view's module,
          // fetched meanwhile, then draws what the model has written so far.
          preview: (context) => sandboxPreview(context, () => Promise.all([loadModule('renderers/sandbox', scriptSrc), strings]).then(([module, words]) => (c) => module.preview(c, { ...host, strings: words }))),
          mount: (context) => Promise.all([loadModule('renderers/sandbox', scriptSrc), packs, strings]).then(([module, packs, words]) => module.mount(context, { ...host, packs, strings: words })),
        } satisfies RendererDefinition]
      : []),
  ];
}
