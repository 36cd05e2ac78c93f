// The keys of the owner's `sandbox.policy` that belong to the capability packs. They are checked
// by the packs' module (packs/policy.ts, in packs.js, loaded only when packs are installed); the
// view policy's validator (policy.ts, in widget.js) leaves them to it.
export const PACK_POLICY_KEYS = Object.freeze(['allowTools', 'maxCalls', 'maxCallsPerPage', 'maxCallsPerMinute', 'maxCallBytes', 'maxResultBytes', 'callTimeoutMs'] as const);
export type PackPolicyKey = (typeof PACK_POLICY_KEYS)[number];
