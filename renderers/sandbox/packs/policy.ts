// The owner's pack policy (the pack keys of `sandbox.policy`, pack-policy-keys.ts): which gated
// tools a view may call, and the per-view limits. Pure. Unknown pack keys cannot occur here (the
// view policy's validator names unknown keys); a value out of range or of the wrong type is an
// error, so a misspelt tool is not silently denied and a limit is never silently the default.

import { PACK_POLICY_KEYS } from '../pack-policy-keys';
import { GATED_TOOLS, PACK_POLICY_DEFAULTS, PACK_POLICY_RANGES, type PackLimit } from './limits';
import type { PackPolicy } from './types';

export type PackPolicyCheck = { ok: true; policy: PackPolicy } | { ok: false; errors: string[] };

const typeName = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** Validates the pack keys of the owner's `sandbox.policy` (`undefined`: the defaults, no gated tool allowed). */
export function validatePackPolicy(input: unknown): PackPolicyCheck {
  const errors: string[] = [];
  if (input !== undefined && (input === null || typeof input != 'object' || Array.isArray(input))) return { ok: false, errors: [`policy: expected an object, got ${typeName(input)}`] };
  const value = (input ?? {}) as Record<string, unknown>;
  const allow = value.allowTools;
  const allowTools: string[] = [];
  if (allow !== undefined) {
    if (!Array.isArray(allow)) errors.push(`policy.allowTools: expected an array of tool names, got ${typeName(allow)}`);
    else {
      allow.forEach((name: unknown, i) => {
        if (typeof name == 'string' && (GATED_TOOLS as readonly string[]).includes(name)) allowTools.push(name);
        else errors.push(`policy.allowTools[${i}]: ${typeof name == 'string' ? JSON.stringify(name.slice(0, 40)) : typeName(name)} is not a tool that needs allowing (known: ${GATED_TOOLS.join(', ')})`);
      });
    }
  }
  const limits = { ...PACK_POLICY_DEFAULTS };
  for (const key of PACK_POLICY_KEYS) {
    if (key == 'allowTools' || value[key] === undefined) continue;
    const [min, max] = PACK_POLICY_RANGES[key as PackLimit];
    const n = value[key];
    if (!Number.isInteger(n)) errors.push(`policy.${key}: expected an integer, got ${typeName(n)}`);
    else if ((n as number) < min) errors.push(`policy.${key}: below the minimum of ${min}`);
    else if ((n as number) > max) errors.push(`policy.${key}: above the cap of ${max}`);
    else limits[key as PackLimit] = n as number;
  }
  if (errors.length) return { ok: false, errors };
  return { ok: true, policy: Object.freeze({ ...limits, allowTools: Object.freeze([...new Set(allowTools)]) }) };
}
