// Types of the capability packs, shared by the packs' module (packs.js), the OpenAPI module
// (openapi.js) and the sandbox host (host.ts, which sees only `PackHost`). Types only.

import type { Ask, Verdict } from '../../../widget/consent/consent';
import type { PackLimit } from './limits';

/** The owner's pack policy, validated: the gated tools they allow and every limit set. Frozen. */
export interface PackPolicy extends Readonly<Record<PackLimit, number>> {
  readonly allowTools: readonly string[];
}

/** The checked arguments of one call, or why they were refused (the reason starts with the function's name). */
export type ArgsCheck = { ok: true; value: unknown } | { ok: false; reason: string };

/** One function a view may call: a check of its arguments (pure) and the owner's code it runs. */
export interface PackFunction {
  /** `documentSearch`, `stores.read`, `petstore.listPets`. */
  readonly name: string;
  /** Gated functions run only when the owner names them in `policy.allowTools`. */
  readonly gated: boolean;
  /**
   * It acts (mails, hands out a secret, writes through an API) rather than reads: it runs only
   * during a visitor's gesture in the view (DESIGN.md §13, widget/consent).
   */
  readonly acts: boolean;
  check(args: readonly unknown[], policy: PackPolicy): ArgsCheck;
  /** Runs the call with what `check` returned; rejects when it failed. `signal` aborts at the call's timeout. */
  run(value: unknown, signal: AbortSignal, policy: PackPolicy): Promise<unknown>;
}

/** One installed pack: the global it defines in the view, its functions and what the model is told. */
export interface InstalledPack {
  readonly kind: string;
  /** The view's global: a function (`documentSearch`) or an object of functions (`stores`, `petstore`). */
  readonly global: string;
  /** For an object global, its members (`list`, `read`); absent for a function global. */
  readonly members?: readonly string[];
  readonly functions: readonly PackFunction[];
  /** What the model is told, in one line. */
  readonly summary: string;
  /** TypeScript `declare` docs of the global. */
  readonly docs: string;
}

/** One line of `client_capabilities.sandbox_packs`. */
export interface PackLine {
  name: string;
  summary: string;
  docs: string;
}

/** Calls one function of an installed pack for one view. Rejects with an Error whose message the view and the console get. */
export type PackCaller = (name: unknown, args: unknown) => Promise<unknown>;

/**
 * The host's consent for one call whose arguments passed their checks (widget/consent): what the
 * pack knows of it in, the verdict out; a call let through is counted against the budgets.
 */
export type PackGate = (ask: Pick<Ask, 'name' | 'effect' | 'allowed' | 'allowedBy'>) => Promise<Verdict>;

/** What the sandbox host gets once packs are installed (widget/builtins.ts hands it to each view). */
export interface PackHost {
  /** The frame-side definitions: a classic script the document builder places right after the bridge. */
  readonly script: string;
  /** What the widget adds to `client_capabilities`: `{sandbox_packs: [...]}` (empty when nothing is installed). */
  readonly capabilities: { sandbox_packs?: PackLine[] };
  /** The owner's pack policy, validated: the host takes the call budgets from it. */
  readonly policy: PackPolicy;
  /** A caller for one view, whose calls each go through `gate` once their arguments are checked. */
  view(gate: PackGate): PackCaller;
}
