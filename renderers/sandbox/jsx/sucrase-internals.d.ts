// Types of the parts of sucrase's ES build that compile.ts uses (its own declarations, under
// dist/types, for the modules under dist/esm).
declare module 'sucrase/dist/esm/parser' {
  export { parse } from 'sucrase/dist/types/parser';
}
declare module 'sucrase/dist/esm/TokenProcessor' {
  export { default } from 'sucrase/dist/types/TokenProcessor';
}
declare module 'sucrase/dist/esm/NameManager' {
  export { default } from 'sucrase/dist/types/NameManager';
}
declare module 'sucrase/dist/esm/HelperManager' {
  export { HelperManager } from 'sucrase/dist/types/HelperManager';
}
declare module 'sucrase/dist/esm/transformers/JSXTransformer' {
  export { default } from 'sucrase/dist/types/transformers/JSXTransformer';
}
declare module 'sucrase/dist/esm/parser/tokenizer/types' {
  export { TokenType } from 'sucrase/dist/types/parser/tokenizer/types';
}
