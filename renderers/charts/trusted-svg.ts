// Mermaid's SVG text into an inert <template> on a page that requires Trusted Types
// (`require-trusted-types-for 'script'`), where a plain string to innerHTML throws. Mermaid itself
// runs on such a page only when the host gives it a default policy (its style sheet is written
// with innerHTML; README, "Mermaid on a Trusted Types page"): that is how this module knows the
// page enforces them. There the adapter's own policy, which the host allows by name, makes the
// TrustedHTML; elsewhere the string goes as it is. Made once and kept in this closure: an identity
// policy the page could reach would undo its Trusted Types.

import { identityPolicy, pageTrustedTypes } from '../../widget/ui/trusted-types';

export const MERMAID_POLICY = 'bailing-mermaid';

const mermaidHTML = identityPolicy(MERMAID_POLICY, `BailingChat charts: the page's CSP forbids the Trusted Types policy "${MERMAID_POLICY}" (add it to trusted-types); Mermaid diagrams show as code`);

/** Whether the page enforces Trusted Types, as far as Mermaid is concerned: it has a default policy. */
export const trustedTypesPage = (): boolean => !!pageTrustedTypes()?.defaultPolicy;

/**
 * `svg` as the value for the innerHTML of a detached <template>: parsed there inert (nothing runs
 * or loads in a template's content), then cut to the allow-list (svg-policy.ts) before it joins the
 * page. Never for markup that goes anywhere else.
 */
export const templateHTML = (svg: string): string => (trustedTypesPage() ? mermaidHTML(svg) : svg);
