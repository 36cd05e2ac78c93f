import { describe, expect, it } from 'vitest';
import { installPacks } from './module';
import type { PackGate } from './types';

const fn = async () => [];
/** The host's consent as it answers a read within budget, and an act with no gesture. */
const gate: PackGate = async (ask) => (ask.effect == 'read' ? { ok: true } : { ok: false, rule: 'gesture', reason: `${ask.name}: refused (gesture)` });
const install = async (sandbox: unknown) => {
  const warnings: string[] = [];
  const host = await installPacks(sandbox, (m) => warnings.push(m), { pageUrl: 'https://site.example/page', loadOpenApi: () => Promise.reject(new Error('not in this test')) });
  return { host, warnings };
};

describe('installPacks: packs.js at boot', () => {
  it('installs the packs, tells the model of each callable one, and gives a caller per view', async () => {
    const { host, warnings } = await install({ packs: [{ pack: 'search', search: async (q: string) => [{ content: q }] }, { pack: 'email', send: fn }], policy: { allowTools: ['sendEmail'] } });
    expect(warnings).toEqual([]);
    expect(host!.capabilities.sandbox_packs!.map((line) => line.name)).toEqual(['documentSearch', 'sendEmail']);
    for (const line of host!.capabilities.sandbox_packs!) {
      expect(line.summary).not.toMatch(/\n/);
      expect(line.docs).toContain('declare function');
    }
    expect(host!.script).toContain('d("documentSearch",f("documentSearch"));');
    expect(await host!.view(gate)('documentSearch', ['refunds'])).toEqual([{ content: 'refunds' }]);
    await expect(host!.view(gate)('sendEmail', [{ to: 'a@b.c', subject: 's', body: 'b' }])).rejects.toThrow('sendEmail: refused (gesture)');
    expect(host!.policy.maxCalls).toBe(100);
  });

  it('a gated pack the policy does not allow is defined in the view but not told to the model, with a warning', async () => {
    const { host, warnings } = await install({ packs: [{ pack: 'search', search: fn }, { pack: 'secret', get: fn }] });
    expect(host!.capabilities.sandbox_packs!.map((line) => line.name)).toEqual(['documentSearch']);
    expect(host!.script).toContain('d("secret",f("secret"));');
    expect(warnings).toEqual(['sandbox: the secret pack is installed, but policy.allowTools does not name secret: every call of it is refused, and the model is not told of it']);
    await expect(host!.view(async (ask) => (ask.allowed ? { ok: true } : { ok: false, rule: 'allowed', reason: 'denied' }))('secret', ['k'])).rejects.toThrow('denied');
  });

  it('each bad pack is named and left out; the others are installed', async () => {
    const { host, warnings } = await install({ packs: [{ pack: 'search', search: 'https://search.example' }, { pack: 'stores', list: fn, read: fn }] });
    expect(warnings).toEqual(["sandbox: sandbox.packs[0].search: expected a function (the site's own code), got string; that pack is not installed"]);
    expect(host!.capabilities.sandbox_packs!.map((line) => line.name)).toEqual(['stores']);
  });

  it('an invalid pack policy installs nothing (deny by default), saying which field', async () => {
    const { host, warnings } = await install({ packs: [{ pack: 'email', send: fn }], policy: { allowTools: ['sendMail'] } });
    expect(host).toBeNull();
    expect(warnings).toEqual([`sandbox: the policy's pack settings are invalid, so no capability pack is installed: policy.allowTools[0]: "sendMail" is not a tool that needs allowing (known: sendEmail, secret)`]);
  });

  it('nothing installed: null (and no capabilities are sent)', async () => {
    expect((await install({ packs: [] })).host).toBeNull();
    expect((await install(true)).host).toBeNull();
  });

  it('OpenAPI packs whose module cannot be loaded are not installed, with a warning; the others are', async () => {
    const { host, warnings } = await install({ packs: [{ pack: 'openapi', spec: {} }, { pack: 'search', search: fn }] });
    expect(warnings).toEqual(['sandbox: could not load the OpenAPI module (openapi.js beside packs.js): not in this test; no OpenAPI pack is installed']);
    expect(host!.capabilities.sandbox_packs!.map((line) => line.name)).toEqual(['documentSearch']);
  });
});
