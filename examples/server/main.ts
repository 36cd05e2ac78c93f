// `npm start`: the reference chat server on PORT (8787), with a SQLite file under data/.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DEFAULT_ROOT_DIR, startServer } from './app';
import { bannerLines, demoPages } from './banner';
import { ConfigError } from './entries';
import { MEMORY_DB, readServerSettings } from './server-settings';

async function main(): Promise<void> {
  const settings = readServerSettings(process.env, DEFAULT_ROOT_DIR, process.argv.slice(2));
  const { dbPath } = settings;
  if (dbPath !== MEMORY_DB) mkdirSync(dirname(dbPath), { recursive: true });

  const server = await startServer({
    port: settings.port,
    host: settings.host,
    dbPath,
    configPath: settings.configPath,
    rootDir: DEFAULT_ROOT_DIR,
    ...(settings.publicOrigin !== undefined ? { publicOrigin: settings.publicOrigin } : {}),
    demo: settings.demo,
    connections: settings.connections,
    log: (line) => console.log(line),
    // One line each: demo mode is how the demo runs, and the line says what not to do with it.
    warn: (line) => console.warn(line),
  });
  const mode = process.env.OPENAI_BASE_URL ? `OpenAI-compatible model at ${process.env.OPENAI_BASE_URL}` : 'demo agent';
  for (const line of bannerLines({ mode, dbPath, url: server.url, publicOrigin: server.publicOrigin, pages: demoPages(DEFAULT_ROOT_DIR) })) console.log(line);

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
