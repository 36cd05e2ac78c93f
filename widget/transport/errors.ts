/** A hub request that failed: no response (`status` 0), a non-2xx, or a body of the wrong shape. */
export class BailingHttpError extends Error {
  declare readonly method: string;
  /** The URL without its query: `/thread` carries the visitor's ticket there, and messages end up in logs. */
  declare readonly url: string;
  /** HTTP status; 0 when no response arrived (network error or abort, see `cause`). */
  declare readonly status: number;
  /** The server's own words (`error`, `message` or `reply` of its JSON body), if any. */
  declare readonly serverMessage?: string;

  constructor(
    method: string,
    url: string,
    status: number,
    { body, cause, detail }: { body?: unknown; cause?: unknown; detail?: string } = {},
  ) {
    const b = (body ?? {}) as Record<string, unknown>;
    const said = [b.error, b.message, b.reply].find((x): x is string => typeof x === 'string' && x !== '');
    url = url.split('?')[0]!;
    super(`${method} ${url}: ${status ? `HTTP ${status}` : 'network error'}${detail || said ? `: ${detail || said}` : ''}`, { cause });
    // Plain assignments, not class fields: they cost no helper code in the ES2020 bundle.
    Object.assign(this, { name: 'BailingHttpError', method, url, status, serverMessage: said });
  }
}
