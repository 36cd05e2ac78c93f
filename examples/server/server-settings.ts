// `npm start`'s settings, read from the environment and the command line. Pure: every bad value
// is a ConfigError naming the variable, so the server refuses to start with a sentence instead of
// starting wrong.
import { isAbsolute, join } from 'node:path';
import { ConfigError } from './entries';
import { DEFAULT_HOST, DEFAULT_PORT } from './limits';
import { parsePublicOrigin } from './public-origin';

export interface ServerSettings {
  port: number;
  host: string;
  /** A file path, or `:memory:`. */
  dbPath: string;
  configPath: string;
  /** BAILING_PUBLIC_ORIGIN, validated; unset means the listen address. */
  publicOrigin?: string;
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

/** `root` is the repository root: relative paths are taken from there. */
export function readServerSettings(env: Readonly<Record<string, string | undefined>>, root: string): ServerSettings {
  const fromRoot = (path: string): string => (isAbsolute(path) ? path : join(root, path));
  const publicOrigin = env.BAILING_PUBLIC_ORIGIN;
  return {
    port: parsePort(env.PORT),
    host: env.HOST || DEFAULT_HOST,
    dbPath: env.BAILING_DB === MEMORY_DB ? MEMORY_DB : env.BAILING_DB ? fromRoot(env.BAILING_DB) : join(root, 'data', 'chat.sqlite'),
    configPath: fromRoot(env.BAILING_CONFIG ?? 'examples/server/entries.json'),
    ...(publicOrigin !== undefined ? { publicOrigin: parsePublicOrigin(publicOrigin) } : {}),
  };
}
