// Entry of dist/widget.js and dist/split/widget.js: a classic script that starts the widget as soon
// as it runs, with the built-in renderers this build carries (builds/builtins.ts).
import { builtins } from './builtins';
import { boot } from '../widget/embed/boot';

// Started in a microtask, right after the script's top level (before the page's next script): a
// request made with the bundle's whole top-level function on the stack costs 15–20 ms when
// devtools watch the network (they record where it came from, which needs that function's source
// positions: the bundle parsed again), about 2 ms without. The tag is read now, while it is current.
const own = document.currentScript;
queueMicrotask(() => boot(builtins, own));
