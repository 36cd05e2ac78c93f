/** A hub request that failed: no response (`status` 0), a non-2xx, or a body of the wrong shape. */
export class BailingHttpError extends Error {
  override readonly name = 'BailingHttpError';
  /** The URL without its query: `/thread` carries the visitor's ticket there, and messages end up in logs. */
  readonly url: string;
  /** The server's own words (`error`, `message` or `reply` of its JSON body), if any. */
  readonly serverMessage?: string;

  constructor(
    readonly method: string,
    url: string,
    /** HTTP status; 0 when no response arrived. */
    readonly status: number,
    { body, cause, detail }: { body?: unknown; cause?: unknown; detail?: string } = {},
  ) {
    const b = (body ?? {}) as Record<string, unknown>;
    const said = [b.error, b.message, b.reply].find((x): x is string => typeof x === 'string' && x !== '');
    url = url.split('?')[0]!;
    super(`${method} ${url}: ${status ? `HTTP ${status}` : 'network error'}${detail || said ? `: ${detail || said}` : ''}`, { cause });
    this.url = url;
    this.serverMessage = said;
  }
}
