// Where a value went: the searches of the tests that prove a secret (an agent's header, an OpenAPI
// pack's key) never reaches a generated view. Each test first shows a search finding a value that
// did get there, so an empty result means the value is absent, not that the search is blind.
import type { Frame, Page } from '@playwright/test';

/** Records, as text, every message the page posts (on a port or to a window); call before the widget runs. */
export async function recordPosts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = ((window as any).posted = []);
    for (const proto of [MessagePort.prototype, Window.prototype] as { postMessage: (...args: unknown[]) => void }[]) {
      const post = proto.postMessage;
      proto.postMessage = function (this: unknown, message: unknown, ...rest: unknown[]) {
        try {
          seen.push(JSON.stringify(message) ?? String(message));
        } catch {
          seen.push(String(message));
        }
        return post.call(this, message, ...rest);
      };
    }
  });
}

/** How many of the recorded posts hold `needle`. */
export const postsWith = async (page: Page, needle: string): Promise<number> =>
  (await page.evaluate(() => (window as any).posted as string[])).filter((m) => m.includes(needle)).length;

/** Where `needle` is in `frame`: its document (`'document'`) and its globals (`'window.<name>'`, functions by their source). */
export function searchFrame(frame: Frame, needle: string): Promise<string[]> {
  return frame.evaluate((needle) => {
    const found: string[] = [];
    if (document.documentElement.outerHTML.includes(needle)) found.push('document');
    for (const name of Object.getOwnPropertyNames(window)) {
      let text: string | undefined;
      try {
        const value = (window as any)[name];
        text = typeof value == 'function' ? String(value) : JSON.stringify(value);
      } catch {
        continue;
      }
      if (text?.includes(needle)) found.push(`window.${name}`);
    }
    return found;
  }, needle);
}
