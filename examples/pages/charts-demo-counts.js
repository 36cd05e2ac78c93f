// Counts the ECharts instances the demo page creates and disposes (window.__demoChartMounts /
// __demoChartDestroys), so a test can check that every chart is disposed. Wraps the library the
// host loaded; the adapter and the widget are untouched.
(function () {
  var echarts = window.echarts;
  if (!echarts || typeof echarts.init !== 'function') return;
  var init = echarts.init;
  echarts.init = function () {
    var chart = init.apply(this, arguments);
    window.__demoChartMounts = (window.__demoChartMounts || 0) + 1;
    var dispose = chart.dispose;
    chart.dispose = function () {
      window.__demoChartDestroys = (window.__demoChartDestroys || 0) + 1;
      return dispose.apply(this, arguments);
    };
    return chart;
  };
})();
