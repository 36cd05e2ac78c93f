// The widget's one Trusted Types policy. On a page whose CSP says `require-trusted-types-for
// 'script'`, a string assigned to an HTML sink throws unless it is a TrustedHTML. The widget
// builds its DOM with createElement and text nodes; only two things still need markup:
// the `srcdoc` of a sandbox frame (a document is markup) and the decoding of one character
// reference (markdown-dom.ts); and one script URL, the blob: of the worker that reads streams
// (stream-fetch.ts). Each call site says why its string is safe. The page allows the policy by
// name: `trusted-types bailing-chat` (README, "Trusted Types").

export const TRUSTED_TYPES_POLICY = 'bailing-chat';

type Rules = { createHTML(text: string): string; createScriptURL(text: string): string };
type Policy = { [sink in keyof Rules]: (text: string) => unknown };
type TrustedTypesLike = { defaultPolicy?: unknown; createPolicy(name: string, rules: Rules): Policy };
/** The page's Trusted Types, where the browser has them. */
export const pageTrustedTypes = (): TrustedTypesLike | undefined => (window as { trustedTypes?: TrustedTypesLike }).trustedTypes;

/**
 * An identity policy named `name`, made at the first call, kept in this closure and never exposed:
 * one the page could reach would undo its Trusted Types. The function gives `html` as the page's
 * Trusted Types want it (a TrustedHTML of the policy, or the string itself where the page does not
 * enforce them); when the page forbids the name, `refused` is logged once and strings go as they are
 * (the sink then refuses them). `sink`: createScriptURL for a script's URL. Not a sanitizer: only
 * for markup (or a URL) its caller made safe.
 */
export function identityPolicy(name: string, refused: string): (text: string, sink?: keyof Rules) => string {
  let policy: Policy | null | undefined;
  const same = (text: string) => text;
  return (text, sink = 'createHTML') => {
    const tt = pageTrustedTypes();
    if (!tt) return text;
    if (policy === undefined) {
      policy = null;
      try {
        policy = tt.createPolicy(name, { createHTML: same, createScriptURL: same });
      } catch {
        console.error(refused);
      }
    }
    return (policy ? policy[sink](text) : text) as string;
  };
}

/**
 * The widget's policy. A page that names a policy once refuses to create it twice, so the split
 * build's sandbox module gets this one handed in (SandboxHostOptions.html), and a second widget.js
 * on the page lets the first one run its widget (boot.ts).
 */
export const trustedHTML = identityPolicy(
  TRUSTED_TYPES_POLICY,
  `BailingChat: the page's CSP forbids the Trusted Types policy "${TRUSTED_TYPES_POLICY}" (add it to trusted-types); sandbox views cannot show`,
);
