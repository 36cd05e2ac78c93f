// The ES module build: start the widget yourself with `boot()` (it reads the same
// <script data-entry> tag and preload), and the types of the public and renderer APIs.
export { boot } from '../widget/embed/boot';
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
