// `npm start`: the reference chat server on PORT (8787), with a SQLite file under data/.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DEFAULT_ROOT_DIR, startServer } from './app';
import { buildIdOf } from './http/static-files';
import { bannerLines, demoPages } from './settings/banner';
import { ConfigError } from './settings/entries';
import { MEMORY_DB, readServerSettings } from './settings/server-settings';

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
    // MCP App views over AG-UI (DESIGN.md §14): the published MCP App servers, the sandbox proxy's
    // port, and views shown while their tool runs (BAILING_MCP_EARLY_VIEWS=0: once it has run).
    ...(process.env.BAILING_MCP_APPS === '1' ? { mcpApps: { sandboxPort: Number(process.env.BAILING_SANDBOX_PORT ?? 0) || 0, earlyViews: process.env.BAILING_MCP_EARLY_VIEWS !== '0' } } : {}),
    log: (line) => console.log(line),
    // One line each: demo mode is how the demo runs, and the line says what not to do with it.
    warn: (line) => console.warn(line),
  });
  const mode = process.env.OPENAI_BASE_URL ? `OpenAI-compatible model at ${process.env.OPENAI_BASE_URL}` : 'demo agent';
  for (const line of bannerLines({ mode, dbPath, url: server.url, publicOrigin: server.publicOrigin, pages: demoPages(DEFAULT_ROOT_DIR), buildId: buildIdOf(DEFAULT_ROOT_DIR) })) console.log(line);
  if (server.sandboxUrl) console.log(`MCP Apps: their views' sandbox proxy page at ${server.sandboxUrl}`);
  else console.log('MCP Apps: start with BAILING_MCP_APPS=1 to put the AG-UI agent in front of the published MCP App servers');

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
