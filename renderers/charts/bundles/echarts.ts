// Entry of dist/renderers/echarts.js: registers `bailing-chart` drawn by `window.echarts`.
// <script src="echarts.min.js"></script> <script src="renderers/echarts.js" data-renderer="svg"></script>
import { registerEChartsRenderer, type EChartsLike } from '../echarts';
import { installFromGlobal } from './global';

installFromGlobal<EChartsLike>('echarts', 'echarts.js', (echarts, script) => {
  const renderer = script?.dataset.renderer;
  registerEChartsRenderer(echarts, {
    ...(renderer === 'svg' || renderer === 'canvas' ? { renderer } : {}),
    ...(script?.dataset.animation === 'off' ? { animation: false } : {}),
  });
});
