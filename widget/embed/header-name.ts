// What an HTTP header name may be (an RFC 9110 token), for every header a page's configuration or a
// view may name: an agent's headers, a pack's owner headers, a view's header parameters.
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
