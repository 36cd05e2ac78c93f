// Entry of dist/widget.js: a classic script that starts the widget as soon as it runs.
import { boot } from '../widget/embed/boot';

boot();
