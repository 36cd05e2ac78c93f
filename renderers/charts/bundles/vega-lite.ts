// Entry of dist/renderers/vega-lite.js: registers `vega-lite` blocks drawn by `window.vegaEmbed`
// (which needs `window.vega` and `window.vegaLite` loaded before it).
import { registerVegaLiteRenderer, type VegaEmbedLike } from '../vega-lite';
import { installFromGlobal } from './global';

installFromGlobal<VegaEmbedLike>('vegaEmbed', 'vega-lite.js', (vegaEmbed, script) => {
  const renderer = script?.dataset.renderer;
  registerVegaLiteRenderer(vegaEmbed, renderer === 'svg' || renderer === 'canvas' ? { renderer } : {});
});
