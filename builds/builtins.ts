// The renderers the widget brings itself, as the builds compose them: the form, generated views
// (with the owner's capability packs and jsx kit) and A2UI surfaces. The core calls this once per
// widget at start (widget/embed/boot.ts) and knows none of them by name. Their code is a module of
// builds/modules.ts: inside dist/widget.js, run the first time a block of its type mounts; in the
// split build, a file beside widget.js imported then, so pages that never show a form never
// download one.

import { loadExternalModule } from '../widget/modules';
import { loadRenderer, type ExternalModules } from './modules';
import type { SandboxHostOptions } from '../renderers/sandbox/host';
import { preview as sandboxPreview } from '../renderers/sandbox/preview';
import type { BuiltinArgs, Builtins, RendererContext, RendererDefinition } from '../widget/types';
import { trustedHTML } from '../widget/ui/trusted-types';
import type { PackHost } from '../renderers/sandbox/packs/types';

const external = <N extends keyof ExternalModules>(name: N, scriptSrc: string) => loadExternalModule<ExternalModules[N]>(name, scriptSrc);

/** DESIGN.md §8.1 / reference: a form's fenced JSON is at most 32 KiB. */
const FORM_MAX_PAYLOAD_BYTES = 32 * 1024;

/**
 * `sandbox` (the owner's opt-in: preload `sandbox`, or `{}` for `data-sandbox="1"`) adds the
 * `sandbox` renderer, whose module validates it and gets `send(message, shown)` (DESIGN.md §8.3),
 * and the capability packs (packs.js) and the jsx kit (sandbox-jsx.js), read at start so their
 * warnings come at once; their lines for the model are the `capabilities`. Views' scripts carry the
 * page's CSP nonce (a srcdoc frame inherits the page's CSP) only when the owner says so
 * (`sandbox: {nonce: true}`): the model's code in a view can read it, so a page's nonce is never
 * handed to it by default.
 */
export function builtins({ scriptSrc, sandbox, send, strings, nonce, images, warn }: BuiltinArgs): Builtins {
  // Capability packs (packs.js beside widget.js).
  const packs = (sandbox as { packs?: unknown } | null)?.packs !== undefined
    ? external('packs', scriptSrc).then(
        (module) => module.installPacks(sandbox, warn),
        (error: unknown) => (warn(`sandbox: could not load packs.js (beside widget.js): ${error}`), null),
      )
    : undefined;
  // The owner's kit for jsx views, in one line for the service (client_capabilities.sandbox_kit),
  // once the jsx views' module has checked it (fetched now: the page asked for views and a kit).
  const kit = sandbox && (sandbox as { kit?: unknown }).kit !== undefined
    ? external('sandbox-jsx', scriptSrc).then((module) => module.kitCapabilities(sandbox), (error: unknown) => (warn(`sandbox: could not load sandbox-jsx.js (beside widget.js), so jsx views will show as code: ${error}`), undefined))
    : undefined;
  return { renderers: renderers(scriptSrc, sandbox, send, packs, strings, nonce, images), capabilities: async () => ({ ...(await kit), ...(await packs)?.capabilities }) };
}

function renderers(scriptSrc: string, sandbox: unknown, send: BuiltinArgs['send'], packs: Promise<PackHost | null> | undefined, strings: BuiltinArgs['strings'], nonce?: string, images?: string[]): RendererDefinition[] {
  const shared = (sandbox as { nonce?: unknown } | undefined)?.nonce === true ? nonce : undefined;
  const host = { sandbox, send, scriptSrc, html: trustedHTML, nonce: shared } as SandboxHostOptions;
  // A2UI surfaces (a2ui.js beside widget.js, fetched with the first): the hub's `a2ui` fence (JSON
  // lines) and the AG-UI activity `a2ui-surface` (its content), one module for both.
  // No label: the module names the region itself, in the widget's language. A block or an
  // activity's content up to the registry's default 64 KiB.
  const mount = (context: RendererContext) => external('a2ui', scriptSrc).then((module) => module.mount(context, { images }));
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
      mount: (context) => Promise.all([loadRenderer('renderers/bailing-form', scriptSrc), strings]).then(([module, words]) => module.mount(context, words)),
    },
    ...(sandbox
      ? [{
          type: 'sandbox',
          // The placeholder while the view streams is here: it shows at once. The view's module,
          // fetched meanwhile, then draws what the model has written so far.
          preview: (context) => sandboxPreview(context, () => Promise.all([loadRenderer('renderers/sandbox', scriptSrc), strings]).then(([module, words]) => (c) => module.preview(c, { ...host, strings: words }))),
          mount: (context) => Promise.all([loadRenderer('renderers/sandbox', scriptSrc), packs, strings]).then(([module, packs, words]) => module.mount(context, { ...host, packs, strings: words })),
        } satisfies RendererDefinition]
      : []),
  ];
}
