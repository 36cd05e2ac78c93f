// Entry of `dist/renderers/bailing-form.js`, the ES module the widget imports the first time a
// `bailing-form` block mounts, so the form costs `dist/widget.js` nothing until it is used.
export { mount } from './form';
