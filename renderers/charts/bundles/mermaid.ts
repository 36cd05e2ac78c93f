// Entry of dist/renderers/mermaid.js: registers `mermaid` blocks drawn by `window.mermaid`.
import { registerMermaidRenderer, type MermaidLike } from '../mermaid';
import { installFromGlobal } from './global';

installFromGlobal<MermaidLike>('mermaid', 'mermaid.js', (mermaid) => {
  // Mermaid scans the page for `.mermaid` elements on load unless told not to; the host page's
  // own content is not ours to render.
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' });
  registerMermaidRenderer(mermaid);
});
