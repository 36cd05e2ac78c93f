// Entry of `sandbox-jsx.js`, beside widget.js: what the page needs for `jsx` views (checking the
// owner's kit, fetching it and the compiler, the frames' documents). Fetched the first time a
// `jsx` view streams or shows, or at start-up when the preload has a kit: pages without JSX views
// never pay for it, and the drop-in does not carry it.
export { jsxCompilerText, kitCapabilities, kitText, ownerKit } from './kit';
export { jsxLiveProps, jsxPreviewDocument } from './jsx-document';
