// Which files make up which build, beyond the core (widget/modules.ts has the core's own optional
// modules). build.mjs reads both tables below, so adding a module is one line here.
//
// RENDERERS: the built-in renderers' code, one line each, `'<name>': () => import('<source>'),`.
// In dist/widget.js (`__BAILING_SPLIT__` false) each is inside the one file, run the first time a
// block of its type mounts; in the split build each is `dist/split/<name>.js`, fetched then.
//
// EXTERNAL: modules neither build carries inside widget.js, one line each, `'<name>': '<source>',`:
// each is `<name>.js` beside the script (in dist/ and in dist/split/), fetched the first time a page
// needs it, so pages that never use it never pay for it.

declare const __BAILING_SPLIT__: boolean;

import { importBeside } from '../widget/modules';

const RENDERERS = __BAILING_SPLIT__
  ? null
  : {
      'renderers/bailing-form': () => import('../renderers/bailing-form/chunk'),
      'renderers/sandbox': () => import('../renderers/sandbox/chunk'),
    };

type Renderers = NonNullable<typeof RENDERERS>;
export type RendererModuleName = keyof Renderers;

/** The built-in renderer module `name`: bundled, or from beside the split build's widget.js (`scriptSrc`). Rejects when it cannot be fetched or evaluated. */
export function loadRenderer<N extends RendererModuleName>(name: N, scriptSrc: string): ReturnType<Renderers[N]> {
  return (__BAILING_SPLIT__ ? importBeside(name, scriptSrc) : RENDERERS![name]()) as ReturnType<Renderers[N]>;
}

export const EXTERNAL = {
  'ag-ui': '../widget/transport/ag-ui/module',
  'code': '../widget/markdown/code-highlight',
  'math': '../widget/markdown/math',
  'packs': '../renderers/sandbox/packs/module',
  'openapi': '../renderers/sandbox/packs/openapi-module',
  'sandbox-jsx': '../renderers/sandbox/jsx-host',
  'mcp-apps': '../renderers/mcp-apps/module',
  'a2ui': '../renderers/a2ui/module',
};

/** The types of the external modules the builds' own code loads. */
export interface ExternalModules {
  'packs': typeof import('../renderers/sandbox/packs/module');
  'sandbox-jsx': typeof import('../renderers/sandbox/jsx-host');
  'a2ui': typeof import('../renderers/a2ui/module');
}
