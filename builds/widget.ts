// Entry of dist/widget.js and dist/split/widget.js: a classic script that starts the widget as soon
// as it runs, with the built-in renderers this build carries (builds/builtins.ts).
import { builtins } from './builtins';
import { boot } from '../widget/embed/boot';

boot(builtins);
