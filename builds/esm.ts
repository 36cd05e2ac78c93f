// The ES module build: start the widget yourself with `boot()` (it reads the same
// <script data-entry> tag and preload), and the types of the public and renderer APIs.
import { boot as bootWith } from '../widget/embed/boot';
import { builtins } from './builtins';

/** Starts the widget of the page's `<script data-entry>` tag, with the built-in renderers. */
export const boot = (): void => bootWith(builtins);
export type { BailingChatApi } from '../widget/embed/api';
export type {
  RendererDefinition,
  RendererContext,
  RendererPreviewContext,
  RendererCleanup,
  RendererTheme,
  RendererMessage,
  ResponseSummary,
  ResponsePresentation,
  HistoryItem,
  HostToolDefinition,
  WidgetConfig,
  WidgetEventName,
  PageContext,
  ThemeMode,
} from '../widget/types';
