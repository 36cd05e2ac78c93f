// Shared by the classic-script adapters in dist/renderers/: find the library the host loaded
// (a global such as `window.echarts`), and read options from the adapter's own <script> tag.

const warn = (message: string) => console.warn('BailingChat charts: ' + message);

/**
 * Installs `create(library)` when the host's library is on the page. Without it, nothing is
 * registered (the widget must not advertise a renderer that cannot draw) and the host is told
 * which script to load first.
 */
export function installFromGlobal<L>(globalName: string, adapter: string, install: (library: L, script: HTMLScriptElement | null) => void): void {
  const script = document.currentScript instanceof HTMLScriptElement ? document.currentScript : null;
  const library = (window as unknown as Record<string, unknown>)[globalName] as L | undefined;
  if (!library) {
    warn(`${adapter}: window.${globalName} is not on the page; load the library before this script. Nothing was registered.`);
    return;
  }
  try {
    install(library, script);
  } catch (e) {
    warn(`${adapter}: ${e instanceof Error ? e.message : String(e)}`);
  }
}
