// The words of the sandbox's own chrome, in the widget's languages (the core's ui/i18n.ts keeps
// only what the core shows, so these cost widget.js nothing).

export interface SandboxStrings {
  /** The frame's accessible name when the view has no title. */
  untitled: string;
  /** Under every view: generated code, so no secrets. */
  caution: string;
  /** The view threw; `{message}` follows. */
  error: string;
  unresponsive: string;
  stop: string;
  stopped: string;
  /** The view navigated away (or tried to); its frame was removed. */
  navigated: string;
  /** The page's CSP (or the browser) stops the view's scripts. */
  cannotRun: string;
}

const EN: SandboxStrings = {
  untitled: 'Interactive view',
  caution: 'Generated view, isolated from this page. Do not type passwords or other secrets into it.',
  error: 'The view reported an error:',
  unresponsive: 'This view is not responding.',
  stop: 'Stop the view',
  stopped: 'The view was stopped.',
  navigated: 'The view tried to leave its frame and was closed.',
  cannotRun: 'This page cannot run interactive views.',
};

const ZH: SandboxStrings = {
  untitled: '交互视图',
  caution: '此视图由 AI 生成，与本页面隔离。请勿在其中输入密码或其他机密信息。',
  error: '视图报告了一个错误：',
  unresponsive: '此视图没有响应。',
  stop: '停止视图',
  stopped: '视图已停止。',
  navigated: '视图试图离开其框架，已被关闭。',
  cannotRun: '此页面无法运行交互视图。',
};

/** The strings for the language of the element the view mounts in (`lang` of the widget's root). */
export function sandboxStrings(el: Element): SandboxStrings {
  return /^zh\b/i.test(el.closest('[lang]')?.getAttribute('lang') ?? '') ? ZH : EN;
}
