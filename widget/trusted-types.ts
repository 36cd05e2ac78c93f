// The widget's one Trusted Types policy. On a page whose CSP says `require-trusted-types-for
// 'script'`, a string assigned to an HTML sink throws unless it is a TrustedHTML. The widget
// builds its DOM with createElement and text nodes; only two things still need markup:
// the `srcdoc` of a sandbox frame (a document is markup) and the decoding of one character
// reference (markdown-dom.ts). Each call site says why its string is safe. The page allows the
// policy by name: `trusted-types bailing-chat` (README, "Trusted Types").

export const TRUSTED_TYPES_POLICY = 'bailing-chat';

type Policy = { createHTML(text: string): unknown };
/**
 * Made once, kept in this closure and never exposed: an identity policy the page could reach
 * would undo its Trusted Types. A page that names a policy once refuses to create it twice, so
 * the split build's sandbox module gets this one handed in (SandboxHostOptions.html), and a
 * second widget.js on the page lets the first one run its widget (boot.ts).
 */
let policy: Policy | null | undefined;

/**
 * `html` as the page's Trusted Types want it: a TrustedHTML of the policy (created once), or the
 * string itself where the page does not enforce them. Not a sanitizer: only for markup the widget
 * itself made safe.
 */
export function trustedHTML(html: string): string {
  const tt = (window as { trustedTypes?: { createPolicy(name: string, rules: { createHTML(text: string): string }): Policy } }).trustedTypes;
  if (!tt) return html;
  if (policy === undefined) {
    policy = null;
    try {
      policy = tt.createPolicy(TRUSTED_TYPES_POLICY, { createHTML: (text) => text });
    } catch {
      console.error(`BailingChat: the page's CSP forbids the Trusted Types policy "${TRUSTED_TYPES_POLICY}" (add it to trusted-types); sandbox views cannot show`);
    }
  }
  return (policy ? policy.createHTML(html) : html) as string;
}
