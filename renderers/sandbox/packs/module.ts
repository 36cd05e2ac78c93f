// Entry of packs.js (widget/modules.ts, EXTERNAL): the capability packs of generated views
// (DESIGN.md §8.3), fetched from beside widget.js only when the owner's preload installs packs,
// so no other page pays for them. It reads the packs and their policy at boot, warns about each
// bad field, and gives the sandbox host the frame's script, the lines the model is told and a
// caller per view. OpenAPI packs need a parser of their own (openapi.js, beside this file),
// fetched only when one is installed.

import { readPacks, type OpenApiPackConfig } from './config';
import { createCaller } from './caller';
import { frameScript } from './frame-script';
import { PACK_LIMITS } from './limits';
import { validatePackPolicy } from './policy';
import type { InstalledPack, PackFunction, PackHost, PackLine } from './types';

export type { PackHost } from './types';

/** What openapi.js exports (openapi-module.ts). */
export interface OpenApiModule {
  openApiPack(config: OpenApiPackConfig, env: { pageUrl: string }): Promise<{ ok: true; pack: InstalledPack; notes: string[] } | { ok: false; errors: string[] }>;
}

export interface InstallOptions {
  /** Loads openapi.js. Default: from beside this module. */
  loadOpenApi?: () => Promise<OpenApiModule>;
  /** The page's URL, against which a relative `baseURL` or server URL is read. Default `location.href`. */
  pageUrl?: string;
}

const cut = (text: string, max: number, note: string) => (text.length <= max ? text : text.slice(0, max - note.length) + note);

/** The line the model is told of one pack (docs cut to their cap, with a note saying so). */
const lineOf = (pack: InstalledPack): PackLine => ({
  name: pack.global,
  summary: cut(pack.summary, PACK_LIMITS.summaryChars, '…'),
  docs: cut(pack.docs, PACK_LIMITS.docsChars, '\n// … (the rest of the declarations was cut)'),
});

/**
 * Installs the packs of the owner's preload `sandbox` object (`{packs, policy}`). `warn` gets
 * each problem, naming its field (`warn` is the widget's, which adds `BailingChat:`). Resolves to
 * null when nothing could be installed.
 */
export async function installPacks(sandbox: unknown, warn: (message: string) => void, options: InstallOptions = {}): Promise<PackHost | null> {
  const say = (message: string) => warn('sandbox: ' + message);
  const config = (sandbox && typeof sandbox == 'object' ? sandbox : {}) as { packs?: unknown; policy?: unknown };
  const checked = validatePackPolicy(config.policy);
  if (!checked.ok) {
    say(`the policy's pack settings are invalid, so no capability pack is installed: ${checked.errors.join('; ')}`);
    return null;
  }
  const policy = checked.policy;
  const read = readPacks(config.packs);
  for (const error of read.errors) say(`${error}; that pack is not installed`);
  const installed = [...read.installed];
  if (read.openapi.length) {
    let openapi: OpenApiModule | undefined;
    try {
      openapi = await (options.loadOpenApi ?? (() => import(/* @vite-ignore */ new URL('./openapi.js', import.meta.url).href) as Promise<OpenApiModule>))();
    } catch (error) {
      say(`could not load the OpenAPI module (openapi.js beside packs.js): ${error instanceof Error ? error.message : String(error)}; no OpenAPI pack is installed`);
    }
    for (const pack of read.openapi) {
      if (!openapi) break;
      const made = await openapi.openApiPack(pack, { pageUrl: options.pageUrl ?? location.href });
      if (!made.ok) {
        for (const error of made.errors) say(`${error}; that pack is not installed`);
        continue;
      }
      for (const note of made.notes) say(note);
      const taken = installed.find((other) => other.global == made.pack.global);
      if (taken) say(`${pack.path}: its name "${made.pack.global}" is taken by another pack; set a different "name"; that pack is not installed`);
      else installed.push(made.pack);
    }
  }
  if (!installed.length) return null;

  const functions = new Map<string, PackFunction>();
  for (const pack of installed) for (const fn of pack.functions) functions.set(fn.name, fn);
  // A pack whose every function the policy refuses is still defined in the view (a call is a clear
  // refusal, not a ReferenceError), but the model is not told of it: it would write views that fail.
  const callable = (pack: InstalledPack) => pack.functions.some((fn) => !fn.gated || policy.allowTools.includes(fn.name));
  for (const pack of installed) {
    if (!callable(pack)) say(`the ${pack.kind} pack is installed, but policy.allowTools does not name ${pack.functions.map((fn) => fn.name).join(', ')}: every call of it is refused, and the model is not told of it`);
  }
  const lines = installed.filter(callable).map(lineOf);
  return Object.freeze({
    script: frameScript(installed),
    capabilities: lines.length ? { sandbox_packs: lines } : {},
    policy,
    view: (gate) => createCaller(functions, policy, gate),
  });
}
