// `npm start`'s settings, read from the environment and the command line. Pure: every bad value
// is a ConfigError naming the variable, so the server refuses to start with a sentence instead of
// starting wrong.
import { isAbsolute, join } from 'node:path';
import { resolveConnections, type ConnectionSettings } from '../http/connection-guard';
import { ConfigError } from './entries';
import { DEFAULT_HOST, DEFAULT_PORT } from './limits';
import { parsePublicOrigin } from '../http/public-origin';

export interface ServerSettings {
  port: number;
  host: string;
  /** A file path, or `:memory:`. */
  dbPath: string;
  configPath: string;
  /** BAILING_PUBLIC_ORIGIN, validated; unset means the listen address. */
  publicOrigin?: string;
  /** `--demo` or BAILING_DEMO=1: run with the shipped demo ticket secret (app.ts `demo`). */
  demo: boolean;
  /** Timeouts and caps of connections (connection-guard.ts), each from its variable (CONNECTION_ENV) or its default. */
  connections: ConnectionSettings;
}

const DEMO_FLAG = '--demo';

function parseDemo(env: string | undefined, argv: readonly string[]): boolean {
  for (const arg of argv) {
    if (arg !== DEMO_FLAG) throw new ConfigError(`unknown argument ${JSON.stringify(arg)} (the server takes only ${DEMO_FLAG})`);
  }
  if (env !== undefined && env !== '' && env !== '0' && env !== '1') {
    throw new ConfigError(`BAILING_DEMO must be 1 or 0, got ${JSON.stringify(env)}`);
  }
  return argv.includes(DEMO_FLAG) || env === '1';
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be an integer from 0 to 65535, got ${JSON.stringify(value)}`);
  }
  return port;
}

/** SQLite's name for a database that lives in memory; as a path it would be a file named `:memory:`. */
export const MEMORY_DB = ':memory:';

/** `root` is the repository root: relative paths are taken from there. `argv`: the arguments after the script. */
export function readServerSettings(env: Readonly<Record<string, string | undefined>>, root: string, argv: readonly string[] = []): ServerSettings {
  const fromRoot = (path: string): string => (isAbsolute(path) ? path : join(root, path));
  const publicOrigin = env.BAILING_PUBLIC_ORIGIN;
  return {
    port: parsePort(env.PORT),
    host: env.HOST || DEFAULT_HOST,
    dbPath: env.BAILING_DB === MEMORY_DB ? MEMORY_DB : env.BAILING_DB ? fromRoot(env.BAILING_DB) : join(root, 'data', 'chat.sqlite'),
    configPath: fromRoot(env.BAILING_CONFIG ?? 'examples/server/entries.json'),
    ...(publicOrigin !== undefined ? { publicOrigin: parsePublicOrigin(publicOrigin) } : {}),
    demo: parseDemo(env.BAILING_DEMO, argv),
    connections: resolveConnections(undefined, env),
  };
}
