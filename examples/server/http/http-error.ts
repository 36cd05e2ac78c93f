// One error type for every refusal the server makes, so each handler can simply throw and the
// shell turns it into the hub's error JSON (http-io.ts `errorBody`) with the right status. The
// message is a sentence a visitor may read; the code is for programs.

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (code: string, message: string): HttpError => new HttpError(400, code, message);
export const forbidden = (code: string, message: string): HttpError => new HttpError(403, code, message);
export const notFound = (message = 'Not found.', code = 'not_found'): HttpError => new HttpError(404, code, message);
