// Entry of `dist/renderers/sandbox.js`, the ES module the widget imports the first time a
// `sandbox` view mounts (only when the owner turned views on), so the frame, the bridge, the
// watchdog and the validators cost `dist/widget.js` nothing.
export { mount } from './host';
