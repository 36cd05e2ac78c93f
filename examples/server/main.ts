// `npm start`: the reference chat server on PORT (8787), with a SQLite file under data/.
import { mkdirSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { DEFAULT_ROOT_DIR, startServer } from './app';
import { ConfigError } from './entries';
import { DEFAULT_HOST, DEFAULT_PORT } from './limits';

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be an integer from 0 to 65535, got ${JSON.stringify(value)}`);
  }
  return port;
}

async function main(): Promise<void> {
  const root = DEFAULT_ROOT_DIR;
  const fromRoot = (path: string): string => (isAbsolute(path) ? path : join(root, path));
  const dbPath = process.env.BAILING_DB ? fromRoot(process.env.BAILING_DB) : join(root, 'data', 'chat.sqlite');
  if (dbPath !== ':memory:') mkdirSync(dirname(dbPath), { recursive: true });

  const server = await startServer({
    port: parsePort(process.env.PORT),
    host: process.env.HOST || DEFAULT_HOST,
    dbPath,
    configPath: fromRoot(process.env.BAILING_CONFIG ?? 'examples/server/entries.json'),
    rootDir: root,
    log: (line) => console.log(line),
  });
  const mode = process.env.OPENAI_BASE_URL ? `OpenAI-compatible model at ${process.env.OPENAI_BASE_URL}` : 'demo agent';
  console.log(`Bailing reference server (${mode}), database ${dbPath}`);
  console.log(`Demo: http://127.0.0.1:${server.port}/`);

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
