// The English words of a code block's head (widget/ui/code-tools.ts, in code.js). The widget's
// language table goes over them.
export const CODE_EN = {
  codeCopy: 'Copy code',
  codeCopied: 'Copied',
  codeCopyFailed: 'Could not copy',
} as const;

export type CodeStrings = { readonly [K in keyof typeof CODE_EN]: string };
