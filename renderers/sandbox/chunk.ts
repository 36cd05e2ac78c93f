// Entry of `dist/renderers/sandbox.js`, the ES module the widget imports the first time a
// `sandbox` view streams or mounts (only when the owner turned views on), so the frame, the
// bridge, the watchdog, the validators and the live preview cost `dist/widget.js` nothing.
export { mount } from './host';
export { preview } from './live-preview';
