import { describe, expect, it } from 'vitest';
import { PACK_POLICY_KEYS } from '../pack-policy-keys';
import { validateSandboxPolicy } from '../policy';
import { PACK_POLICY_DEFAULTS, PACK_POLICY_RANGES } from './limits';
import { validatePackPolicy } from './policy';

describe('validatePackPolicy: the pack keys of sandbox.policy', () => {
  it('defaults: no gated tool allowed, the documented limits; frozen', () => {
    const check = validatePackPolicy(undefined);
    expect(check).toEqual({ ok: true, policy: { ...PACK_POLICY_DEFAULTS, allowTools: [] } });
    expect(PACK_POLICY_DEFAULTS).toEqual({ maxCalls: 100, maxCallsPerPage: 300, maxCallsPerMinute: 30, maxCallBytes: 16384, maxResultBytes: 262144, callTimeoutMs: 15000 });
    expect(Object.isFrozen(check.ok && check.policy)).toBe(true);
    expect(Object.isFrozen(check.ok && check.policy.allowTools)).toBe(true);
  });

  it('keeps the allowed tools and the limits given, and ignores the view keys (policy.ts checks those)', () => {
    expect(validatePackPolicy({ allowTools: ['sendEmail', 'secret', 'sendEmail'], maxCalls: 3, maxHeight: 400, allow: {} })).toEqual({
      ok: true,
      policy: { ...PACK_POLICY_DEFAULTS, maxCalls: 3, allowTools: ['sendEmail', 'secret'] },
    });
  });

  it.each([
    { title: 'a policy that is not an object', input: 'open', errors: ['policy: expected an object, got string'] },
    { title: 'allowTools not an array', input: { allowTools: 'sendEmail' }, errors: ['policy.allowTools: expected an array of tool names, got string'] },
    { title: 'a misspelt tool', input: { allowTools: ['sendEmial'] }, errors: ['policy.allowTools[0]: "sendEmial" is not a tool that needs allowing (known: sendEmail, secret)'] },
    { title: 'a tool that needs no allowing', input: { allowTools: ['documentSearch'] }, errors: ['policy.allowTools[0]: "documentSearch" is not a tool that needs allowing (known: sendEmail, secret)'] },
    { title: 'a non-string tool', input: { allowTools: [1] }, errors: ['policy.allowTools[0]: number is not a tool that needs allowing (known: sendEmail, secret)'] },
    { title: 'a limit as a string', input: { maxCalls: '5' }, errors: ['policy.maxCalls: expected an integer, got string'] },
    { title: 'a fractional limit', input: { maxCallsPerMinute: 1.5 }, errors: ['policy.maxCallsPerMinute: expected an integer, got number'] },
    { title: 'a rate of 0', input: { maxCallsPerMinute: 0 }, errors: ['policy.maxCallsPerMinute: below the minimum of 1'] },
    { title: 'results over 4 MiB', input: { maxResultBytes: 5 * 1024 * 1024 }, errors: ['policy.maxResultBytes: above the cap of 4194304'] },
    { title: 'a timeout too short', input: { callTimeoutMs: 10 }, errors: ['policy.callTimeoutMs: below the minimum of 100'] },
    { title: 'every problem at once', input: { allowTools: ['x'], maxCallBytes: 1 }, errors: ['policy.allowTools[0]: "x" is not a tool that needs allowing (known: sendEmail, secret)', 'policy.maxCallBytes: below the minimum of 64'] },
  ])('refuses $title, naming the field', ({ input, errors }) => {
    expect(validatePackPolicy(input)).toEqual({ ok: false, errors });
  });

  it('every limit has a default and a range, and the default is in it', () => {
    for (const key of PACK_POLICY_KEYS.filter((k) => k != 'allowTools')) {
      const [min, max] = PACK_POLICY_RANGES[key as keyof typeof PACK_POLICY_RANGES];
      const value = PACK_POLICY_DEFAULTS[key as keyof typeof PACK_POLICY_DEFAULTS];
      expect(value >= min && value <= max, key).toBe(true);
    }
  });

  it('the view policy validator accepts the pack keys (they are not unknown keys) and still names real unknown ones', () => {
    expect(validateSandboxPolicy({ allowTools: ['sendEmail'], maxCalls: 5 }).ok).toBe(true);
    const check = validateSandboxPolicy({ allowTool: ['sendEmail'] });
    expect(check.ok).toBe(false);
    expect(!check.ok && check.errors[0]).toContain('unknown key "allowTool" (known: allow, maxPayloadBytes, minSendIntervalMs, maxSends, maxViews, maxHeight, allowTools, maxCalls');
  });
});
