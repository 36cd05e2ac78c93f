// Counts what the chart libraries create and free on this page, by wrapping the libraries (and
// ResizeObserver) before any adapter sees them: window.__charts = {echartsInits, echartsDisposes,
// vegaEmbeds, vegaFinalizes, mermaidRenders, observers, disconnects}.
(function () {
  var counts = (window.__charts = {
    echartsInits: 0,
    echartsDisposes: 0,
    vegaEmbeds: 0,
    vegaFinalizes: 0,
    mermaidRenders: 0,
    observers: 0,
    disconnects: 0,
  });

  var init = window.echarts.init;
  window.echarts.init = function () {
    var chart = init.apply(this, arguments);
    counts.echartsInits++;
    var dispose = chart.dispose;
    chart.dispose = function () {
      counts.echartsDisposes++;
      return dispose.apply(this, arguments);
    };
    return chart;
  };

  var embed = window.vegaEmbed;
  var wrapped = function () {
    return embed.apply(this, arguments).then(function (result) {
      counts.vegaEmbeds++;
      var finalize = result.finalize;
      result.finalize = function () {
        counts.vegaFinalizes++;
        return finalize.apply(this, arguments);
      };
      return result;
    });
  };
  Object.assign(wrapped, embed);
  window.vegaEmbed = wrapped;

  var render = window.mermaid.render;
  window.mermaid.render = function () {
    counts.mermaidRenders++;
    return render.apply(this, arguments);
  };

  // Observers still observing something = created − disconnected.
  var Native = window.ResizeObserver;
  window.ResizeObserver = class extends Native {
    constructor(callback) {
      super(callback);
      counts.observers++;
    }
    disconnect() {
      if (!this.__disconnected) counts.disconnects++;
      this.__disconnected = true;
      return super.disconnect();
    }
  };
})();
