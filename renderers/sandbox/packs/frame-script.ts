// The frame side of the capability packs: the text of a classic script the document builder places
// right after the bridge (document.ts), before any code of the model. It is generated here, by the
// host, from the names of what was installed (identifiers checked by config.ts and openapi-spec.ts, and
// written as JSON strings all the same): no model text is ever part of it. It takes the bridge's
// `__sbxCall` (removing it from the view's globals) and defines one async function per pack
// function, as non-writable globals the view's code cannot replace by assignment.
//
// Nothing here is a security boundary either: the host checks every call (calls.ts).

import type { InstalledPack } from './types';

/** The script for `packs`; empty when there are none (the builder then adds no script). */
export function frameScript(packs: readonly Pick<InstalledPack, 'global' | 'members' | 'functions'>[]): string {
  if (!packs.length) return '';
  const q = (text: string) => JSON.stringify(text);
  const defs = packs.map((pack) => {
    const value = pack.members
      ? `Object.freeze({${pack.members.map((member) => `${q(member)}:f(${q(`${pack.global}.${member}`)})`).join(',')}})`
      : `f(${q(pack.functions[0]!.name)})`;
    return `d(${q(pack.global)},${value});`;
  });
  return (
    '((c)=>{delete window.__sbxCall;' +
    'const f=(n)=>(...a)=>c(n,a);' +
    'const d=(n,v)=>Object.defineProperty(window,n,{value:v,enumerable:true});' +
    defs.join('') +
    '})(window.__sbxCall)'
  );
}
