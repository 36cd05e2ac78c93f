import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { bridgeScript } from './bridge';
import { buildSandboxDocument } from './document';
import { validateSandboxPolicy, type SandboxPolicy } from './policy';

const policy = (validateSandboxPolicy(undefined) as { policy: SandboxPolicy }).policy;

describe('bridgeScript: the frame side as shipped', () => {
  it('is one self-contained expression statement, bound to the token', () => {
    const text = bridgeScript('a"b</script>');
    // It parses (scripts are compiled, not run, here).
    expect(() => new Function(text)).not.toThrow();
    expect(text).toContain(JSON.stringify('a"b</script>'));
  });

  it('in a document: the CSP meta first, the bridge the first script, its text intact', () => {
    const doc = buildSandboxDocument({ html: '<p>x</p>', jsExpressions: ['go()'] }, policy, { accent: '#2563eb', mode: 'light' }, bridgeScript('tok</script><script>alert(1)//'));
    const { document } = new JSDOM(doc).window;
    expect(document.head.firstElementChild!.getAttribute('http-equiv')).toBe('Content-Security-Policy');
    const scripts = [...document.querySelectorAll('script')];
    expect(scripts).toHaveLength(2);
    // The token's `</script` was neutralised, so the bridge is still one script and the token one string.
    expect(scripts[0]!.textContent).toContain('tok\\x3C/script>');
    expect(scripts[1]!.textContent).toBe('go()');
  });
});
