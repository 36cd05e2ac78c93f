// What the visitor's page declares about itself, as the model reads it: the page context (the
// BailingHub body's `context`, AG-UI's `context` entries), the renderer types it draws that this
// server has no format of its own for, the capability packs its views may call and its kit for
// `jsx` views. All of it is written by the browser (by the page, or by anyone posting as one), so
// none of it goes in the system message, where it would be read as the site's own instructions:
// it is one user message, fenced by a tag that the text inside cannot close. Pure.
import type { PageContext } from '../../../widget/types';
import type { SandboxPackLine } from './sandbox-packs';

export const DECLARED_TAG = 'page_declared';

export interface PageDeclared {
  page?: PageContext | null;
  context?: readonly { description: string; value: string }[];
  /** Renderer types the client draws that the server has no format for (only their names are known). */
  otherRenderers?: readonly string[];
  packs?: readonly SandboxPackLine[];
  /** The page's kit for sandbox `jsx` views, in its one line (`client_capabilities.sandbox_kit`). */
  kit?: string;
}

/**
 * The tag's name, however it is written inside the text (`</page_declared>`, `＜/Page-Declared＞`,
 * `[/page declared]`), is replaced: nothing in it can seem to end the message's fence early.
 */
const TAG_NAME = /page[\s_-]*declared/gi;
const defang = (text: string): string => text.replace(TAG_NAME, 'page-text');

const PAGE_KEYS = ['url', 'title', 'page_key', 'page_name'] as const;

/** The message's text, or null when the page declares nothing. */
export function declaredMessage(declared: PageDeclared): string | null {
  const lines: string[] = [];
  const page = PAGE_KEYS.filter((key) => declared.page?.[key] !== undefined).map((key) => `- ${key}: ${declared.page![key]}`);
  if (page.length > 0) lines.push('The page the visitor is on:', ...page);
  const context = declared.context ?? [];
  if (context.length > 0) lines.push('The page tells you:', ...context.map((item) => `- ${item.description}: ${item.value}`));
  const others = declared.otherRenderers ?? [];
  if (others.length > 0) lines.push('The chat window also renders fenced blocks of these types of the page\'s own:', ...others.map((type) => `- \`\`\`${type}`));
  const packs = declared.packs ?? [];
  if (packs.length > 0) {
    lines.push(
      'The code of a sandbox view may call these async functions of the site:',
      ...packs.map((pack) => `- ${pack.summary}`),
      'Their declarations:',
      '```ts',
      ...packs.map((pack) => pack.docs),
      '```',
    );
  }
  if (declared.kit) lines.push("The page's kit for sandbox views (jsx):", `- ${declared.kit}`);
  if (lines.length === 0) return null;
  return `<${DECLARED_TAG}>\n${defang(lines.join('\n'))}\n</${DECLARED_TAG}>`;
}
