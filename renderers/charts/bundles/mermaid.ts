// Entry of dist/renderers/mermaid.js: registers `mermaid` blocks drawn by `window.mermaid`.
// Mermaid's configuration is global and the host's own: it is left alone here, and set (strict)
// only for the moment of each of the widget's renders.
import { registerMermaidRenderer, type MermaidLike } from '../mermaid';
import { installFromGlobal } from './global';

installFromGlobal<MermaidLike>('mermaid', 'mermaid.js', (mermaid) => {
  registerMermaidRenderer(mermaid);
});
