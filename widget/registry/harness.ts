// What the registry's tests share: a registry with a spy for its warnings, a block mounted into a
// fresh container, the fallback code block it may show, and a renderer that records its contexts.
import { vi } from 'vitest';
import { createRegistry, type MountRequest } from './registry';
import type { RendererContext, RendererMessage } from '../types';

export const fallback = (type: string, source: string) => {
  const pre = document.createElement('pre');
  const code = pre.appendChild(document.createElement('code'));
  code.dataset.language = type;
  code.textContent = source;
  return pre;
};

export const setup = () => {
  const warn = vi.fn<(message: string) => void>();
  return { warn, reg: createRegistry({ warn, fallback }) };
};

export const theme = { accent: '#0a7', mode: 'dark' } as const;
export const message: RendererMessage = {
  jobId: 'job_1',
  responses: [{ type: 'bailing-form', version: 1, source_job_id: 'job_0', form_id: 'f', values: { secret: 1 } } as never],
};

export const mountIn = (reg: ReturnType<typeof createRegistry>, type: string, source = '{"a":1}', extra: Partial<MountRequest> = {}) => {
  const container = document.createElement('div');
  const respond = vi.fn<MountRequest['respond']>(async () => {});
  const handle = reg.mount({ type, source, container, theme, message, respond, ...extra });
  return { container, handle, respond };
};

/** What the fallback code block shows, or null when there is none. */
export const shown = (container: HTMLElement) => container.querySelector(':scope > pre > code')?.textContent ?? null;

/** A definition whose mount records its context and returns a spy cleanup. */
export const spyRenderer = (type: string, extra: Record<string, unknown> = {}) => {
  const cleanup = vi.fn();
  const contexts: RendererContext[] = [];
  const mount = vi.fn((ctx: RendererContext) => {
    contexts.push(ctx);
    ctx.container.textContent = `${type} rendered`;
    return cleanup;
  });
  return { def: { type, mount, ...extra }, mount, cleanup, contexts };
};

export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
