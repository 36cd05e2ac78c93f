// What `npm start` prints once the server listens: the mode, where it listens, and every demo
// page (examples/pages/*.html, each with what its <title> says it shows), so none is a secret.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface DemoPage {
  path: string;
  title: string;
}

/** The demo pages, `/` first; a page's title is its `<title>` up to the site's name after " — ". */
export function demoPages(rootDir: string): DemoPage[] {
  const dir = join(rootDir, 'examples/pages');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.html'))
    .map((name) => {
      const title = /<title>([^<]*)<\/title>/.exec(readFileSync(join(dir, name), 'utf8'))?.[1] ?? name;
      return { path: name === 'index.html' ? '/' : `/pages/${name}`, title: title.split(' — ')[0]!.trim() };
    })
    .sort((a, b) => (a.path === '/' ? -1 : b.path === '/' ? 1 : a.path.localeCompare(b.path)));
}

export function bannerLines(args: { mode: string; dbPath: string; url: string; publicOrigin: string; pages: readonly DemoPage[]; buildId?: string }): string[] {
  const width = Math.max(...args.pages.map((p) => p.path.length)) + args.publicOrigin.length;
  return [
    `Bailing reference server (${args.mode}), database ${args.dbPath}`,
    `Listening on ${args.url}; public origin ${args.publicOrigin}`,
    'Demo pages:',
    ...args.pages.map((p) => `  ${`${args.publicOrigin}${p.path}`.padEnd(width)}  ${p.title}`),
    `AG-UI agent: POST ${args.publicOrigin}/agui/demo_assistant; Petstore API fake: ${args.publicOrigin}/petstore/v1`,
    ...(args.buildId ? [`This build's widget, kept a year by browsers: ${args.publicOrigin}/v/${args.buildId}/widget.js (with data-api="${args.publicOrigin}")`] : []),
  ];
}
