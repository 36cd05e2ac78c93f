// A tiny trusted chart renderer, as a site owner would register one for `bailing-chart`
// blocks. It treats the payload as untrusted data: checks kinds, counts and numbers, and
// draws with DOM APIs only (no innerHTML of model text).
(function () {
  var SVG = 'http://www.w3.org/2000/svg';
  var MAX_POINTS = 500;

  function points(payload) {
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) throw new Error('payload must be an object');
    if (['bar', 'line', 'area'].indexOf(payload.kind) < 0) throw new Error('unsupported kind ' + String(payload.kind));
    var data = payload.data;
    if (!Array.isArray(data) || data.length === 0 || data.length > MAX_POINTS) throw new Error('data must have 1..' + MAX_POINTS + ' points');
    return data.map(function (p) {
      if (!p || typeof p.label !== 'string' || p.label.length > 80 || typeof p.value !== 'number' || !isFinite(p.value)) throw new Error('bad point');
      return { label: p.label, value: p.value };
    });
  }

  function el(name, attrs) {
    var node = document.createElementNS(SVG, name);
    for (var key in attrs) node.setAttribute(key, String(attrs[key]));
    return node;
  }

  var definition = {
    type: 'bailing-chart',
    version: 1,
    label: 'Demo chart',
    maxPayloadBytes: 32768,
    mount: function (ctx) {
      var data = points(ctx.payload);
      var width = 320, height = 160, pad = 24;
      var max = Math.max.apply(null, data.map(function (p) { return p.value; }).concat([0])) || 1;
      var figure = document.createElement('figure');
      figure.style.margin = '0';
      figure.style.maxWidth = '480px';
      var svg = el('svg', { viewBox: '0 0 ' + width + ' ' + (height + pad), role: 'img', width: '100%' });
      var title = typeof ctx.payload.title === 'string' ? ctx.payload.title.slice(0, 120) : 'Chart';
      svg.setAttribute('aria-label', title + ': ' + data.map(function (p) { return p.label + ' ' + p.value; }).join(', '));
      var step = (width - pad) / data.length;
      var color = ctx.theme.accent;
      var textColor = ctx.theme.mode === 'dark' ? '#d1d5db' : '#374151';
      data.forEach(function (p, i) {
        var h = Math.max(1, (p.value / max) * (height - 12));
        svg.appendChild(el('rect', { x: pad + i * step + step * 0.15, y: height - h, width: step * 0.7, height: h, rx: 3, fill: color, 'data-point': i }));
        var label = el('text', { x: pad + i * step + step / 2, y: height + 16, 'text-anchor': 'middle', 'font-size': 11, fill: textColor });
        label.textContent = p.label;
        svg.appendChild(label);
      });
      var caption = document.createElement('figcaption');
      caption.textContent = title;
      caption.style.cssText = 'font-weight:600;margin-bottom:6px';
      figure.appendChild(caption);
      figure.appendChild(svg);
      ctx.container.appendChild(figure);
      window.__demoChartMounts = (window.__demoChartMounts || 0) + 1;
      return function () {
        figure.remove();
        window.__demoChartDestroys = (window.__demoChartDestroys || 0) + 1;
      };
    },
  };

  if (window.BailingChat && window.BailingChat.apiVersion === '1') {
    window.BailingChat.registerRenderer(definition);
  } else {
    // Loaded before the widget: preload, which works with an async widget script too.
    window.BailingChat = window.BailingChat || {};
    (window.BailingChat.renderers = window.BailingChat.renderers || []).push(definition);
  }
})();
