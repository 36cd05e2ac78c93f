// Entry of dist/jsx.js, which a `jsx` view's frame runs inline after the owner's kit (DESIGN.md
// §8.3): the compiler, and the runner that draws `function App()` with the kit. `live`: the
// finished view, once (an error is the view's error, reported by the bridge). `preview`: the view
// while it is written; each `{css, jsx}` that arrives over the port the host hands the frame is
// compiled and drawn if it parses (closed first, see complete.ts), else the last good drawing
// stays; the frame tells the host its height.
// Shipped to the frame as text, so nothing here may rely on the page around it.

import { compileJsx } from './compile';
import { drafts } from './complete';

interface Kit {
  h(type: unknown, props: unknown, ...children: unknown[]): unknown;
  render(node: unknown, into: Element): void;
  [name: string]: unknown;
}

/** Names the view's code sees for the kit's members: identifiers only. */
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function kit(): Kit {
  const k = (window as unknown as { Kit?: Kit }).Kit;
  if (!k || typeof k.h != 'function' || typeof k.render != 'function') throw new Error('the sandbox kit must set window.Kit = { h, render, …its components }');
  return k;
}

/**
 * Runs compiled code as a classic script (the frame's CSP allows inline scripts, not eval) in a
 * function of its own, with the kit's members as variables around it (the view may declare its
 * own of the same names), and returns its `App`, if it defines one.
 */
function evaluate(js: string, k: Kit): unknown {
  const w = window as unknown as { __bcApp?: unknown };
  const names = Object.keys(k).filter((name) => IDENTIFIER.test(name) && name != 'Kit');
  w.__bcApp = undefined;
  const script = document.createElement('script');
  // Under the page's nonce-only CSP (which a srcdoc frame inherits) a script runs only with its
  // nonce: the one our own scripts in this document carry, when there is one.
  const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
  if (nonce) script.nonce = nonce;
  script.textContent = `__bcApp=(function(){var ${names.map((name) => `${name}=Kit.${name}`).join(',') || '_'};return(function(){${js}\n;return typeof App=="function"?App:void 0})()})()`;
  document.head.append(script);
  script.remove();
  return w.__bcApp;
}

function mountPoint(): HTMLElement {
  const root = document.createElement('div');
  root.id = 'app';
  document.body.append(root);
  return root;
}

/** Draws the finished view. Throws when it does not compile or has no `App`. */
export function live(code: string): void {
  const k = kit();
  const App = evaluate(compileJsx(code), k);
  if (typeof App != 'function') throw new Error('the view\'s jsx defines no function App()');
  k.render(k.h(App, null), mountPoint());
}

/** Draws the view as it is written (see the file's head). */
export function preview(code: string): void {
  const k = kit();
  const root = mountPoint();
  const style = document.getElementById('v');
  // Half-written code fails in ways that mean nothing: they are not reported.
  addEventListener('error', (event) => event.preventDefault());
  let good: unknown;
  let port: MessagePort | undefined;
  let height = 0;
  const draw = (source: string) => {
    for (const draft of drafts(source)) {
      let App: unknown;
      try {
        App = evaluate(compileJsx(draft), k);
      } catch {
        continue;
      }
      if (typeof App != 'function') continue;
      try {
        k.render(k.h(App, null), root);
        good = App;
        return;
      } catch {
        // Drawn half: the last good drawing again.
        if (good) k.render(k.h(good, null), root);
        return;
      }
    }
  };
  new ResizeObserver(() => {
    height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    port?.postMessage(height);
  }).observe(document.documentElement);
  addEventListener('message', (event) => {
    if (port || event.source != parent || !event.ports[0]) return;
    port = event.ports[0];
    port.onmessage = ({ data }) => {
      if (style && typeof data?.css == 'string') style.textContent = data.css;
      if (typeof data?.jsx == 'string') draw(data.jsx);
    };
    port.postMessage(height);
  });
  draw(code);
}

(window as unknown as { BailingJsx: unknown }).BailingJsx = { compile: compileJsx, live, preview };
