// The server's connections: how long a request may take to arrive, and how many connections one
// address and the whole server may hold. Without them, one address opening a few hundred
// connections that never finish their headers (or never send the body they announced) holds
// them for Node's defaults (60 s, 300 s) and starves everyone else.
//
// Node applies `headersTimeout` and `requestTimeout` only while a request is being received: once
// it has arrived, the answer may take as long as it takes, so an SSE stream (a job's events, an
// AG-UI run) is not cut by them. It checks them every `connectionsCheckingInterval` (30 s by
// default, far too coarse for short timeouts), which is derived here from the timeouts.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { addressKey } from './client-address';
import { ConfigError } from '../settings/entries';
import { resolveWholeNumbers } from '../settings/env-settings';
import {
  CONNECTION_REFUSED_RETRY_AFTER_SECONDS,
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_MAX_CONNECTIONS_PER_IP,
  DEFAULT_REQUEST_TIMEOUT_MS,
} from '../settings/limits';
import { StreamSlots } from './stream-slots';

export interface ConnectionSettings {
  /** BAILING_HEADERS_TIMEOUT_MS: a request's headers must arrive within this (408 and closed after). */
  headersTimeoutMs: number;
  /** BAILING_REQUEST_TIMEOUT_MS: a whole request must arrive within this; not its answer. */
  requestTimeoutMs: number;
  /** BAILING_MAX_CONNECTIONS: open connections of the server (a new one past it is closed at once). */
  maxConnections: number;
  /** BAILING_MAX_CONNECTIONS_PER_IP: open connections of one address (a new one past it: 503, closed). */
  maxConnectionsPerIp: number;
}

export const DEFAULT_CONNECTIONS: Readonly<ConnectionSettings> = Object.freeze({
  headersTimeoutMs: DEFAULT_HEADERS_TIMEOUT_MS,
  requestTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MS,
  maxConnections: DEFAULT_MAX_CONNECTIONS,
  maxConnectionsPerIp: DEFAULT_MAX_CONNECTIONS_PER_IP,
});

/** The environment variable of each setting. */
export const CONNECTION_ENV: Readonly<Record<keyof ConnectionSettings, string>> = Object.freeze({
  headersTimeoutMs: 'BAILING_HEADERS_TIMEOUT_MS',
  requestTimeoutMs: 'BAILING_REQUEST_TIMEOUT_MS',
  maxConnections: 'BAILING_MAX_CONNECTIONS',
  maxConnectionsPerIp: 'BAILING_MAX_CONNECTIONS_PER_IP',
});

/** Options first, then the environment, then the defaults; a headers timeout longer than the request's is refused. */
export function resolveConnections(options: Partial<ConnectionSettings> | undefined, env: Readonly<Record<string, string | undefined>>): ConnectionSettings {
  const settings = resolveWholeNumbers(DEFAULT_CONNECTIONS, CONNECTION_ENV, options, env);
  // Node refuses one too: the headers are part of the request.
  if (settings.headersTimeoutMs > settings.requestTimeoutMs) {
    throw new ConfigError(
      `${CONNECTION_ENV.headersTimeoutMs} (${settings.headersTimeoutMs}) must not be longer than ${CONNECTION_ENV.requestTimeoutMs} (${settings.requestTimeoutMs}): the headers are part of the request`,
    );
  }
  return settings;
}

/** How often Node looks for requests past their timeouts: a quarter of the shorter one, within 50 ms to 30 s. */
export const checkingIntervalMs = (settings: Pick<ConnectionSettings, 'headersTimeoutMs' | 'requestTimeoutMs'>): number =>
  Math.min(30_000, Math.max(50, Math.floor(Math.min(settings.headersTimeoutMs, settings.requestTimeoutMs) / 4)));

const REFUSAL_BODY = JSON.stringify({
  error: 'Too many connections are open from your network. Please wait a moment and try again.',
  code: 'too_many_connections_ip',
});
const REFUSAL = [
  'HTTP/1.1 503 Service Unavailable',
  'Content-Type: application/json; charset=utf-8',
  `Content-Length: ${Buffer.byteLength(REFUSAL_BODY)}`,
  `Retry-After: ${CONNECTION_REFUSED_RETRY_AFTER_SECONDS}`,
  'Connection: close',
  '',
  REFUSAL_BODY,
].join('\r\n');

/**
 * Applies the timeouts and the caps to `server` (created with `connectionsCheckingInterval` from
 * `checkingIntervalMs`). Returns whether a socket was refused: a request that slips in on one
 * before it closes is not to be served.
 */
export function guardConnections(server: Server, settings: ConnectionSettings): (socket: Socket) => boolean {
  server.headersTimeout = settings.headersTimeoutMs;
  server.requestTimeout = settings.requestTimeoutMs;
  server.maxConnections = settings.maxConnections;
  const perAddress = new StreamSlots({ max: Infinity, perIp: settings.maxConnectionsPerIp, perVisitor: Infinity });
  const refused = new WeakSet<Socket>();
  // Before Node's own listener: a refused connection never gets a request parsed on it.
  server.prependListener('connection', (socket: Socket) => {
    const slot = perAddress.acquire(addressKey(socket.remoteAddress));
    if (slot.ok) {
      socket.once('close', slot.release);
      return;
    }
    refused.add(socket);
    socket.on('error', () => {});
    socket.end(REFUSAL, () => socket.destroy());
  });
  return (socket) => refused.has(socket);
}
