// Entry of dist/widget.js and dist/split/widget.js: a classic script that starts the widget as soon
// as it runs, with the built-in renderers this build carries (builds/builtins.ts). In the widget's
// own worker (widget/transport/stream-worker.ts) the same script reads job streams instead.
import { builtins } from './builtins';
import { boot } from '../widget/embed/boot';
import { serveStreams } from '../widget/transport/stream-worker';

if (typeof document == 'undefined') serveStreams(self as never);
else boot(builtins);
