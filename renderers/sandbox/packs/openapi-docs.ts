// The docs of an OpenAPI pack (openapi.ts): TypeScript declarations of its functions, as the model
// reads them, with types from the spec's JSON schemas.

import type { Operation } from './openapi-operations';
import { isRecord } from './openapi-spec';

const IDENT = /^[A-Za-z_$][\w$]*$/;

/** Text from the spec, for a doc comment: one line, no `*​/` (which would end the comment), cut short. */
export const docText = (text: string, max = 160) => {
  const line = text.replace(/\*\//g, '*\u2215').replace(/\s+/g, ' ').trim();
  return line.length > max ? line.slice(0, max - 1) + '…' : line;
};
const key = (name: string) => (IDENT.test(name) ? name : JSON.stringify(name));

/** A TypeScript type for a (dereferenced) JSON schema, a few levels deep; cycles and depth end in `unknown`. */
export function tsType(schema: unknown, depth = 0, seen: Set<unknown> = new Set()): string {
  if (!isRecord(schema) || depth > 4 || seen.has(schema)) return 'unknown';
  seen.add(schema);
  try {
    if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum.slice(0, 12).map((v) => JSON.stringify(v)).join(' | ');
    const alternatives = (schema.oneOf ?? schema.anyOf) as unknown;
    if (Array.isArray(alternatives) && alternatives.length) return [...new Set(alternatives.slice(0, 8).map((s) => tsType(s, depth + 1, seen)))].join(' | ');
    if (Array.isArray(schema.allOf) && schema.allOf.length) return schema.allOf.slice(0, 8).map((s) => tsType(s, depth + 1, seen)).join(' & ');
    const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? (schema.properties ? 'object' : schema.items ? 'array' : undefined)];
    const one = (type: unknown): string => {
      switch (type) {
        case 'string':
          return 'string';
        case 'integer':
        case 'number':
          return 'number';
        case 'boolean':
          return 'boolean';
        case 'null':
          return 'null';
        case 'array': {
          const item = tsType(schema.items, depth + 1, seen);
          return /[|&]/.test(item) ? `(${item})[]` : `${item}[]`;
        }
        case 'object': {
          const properties = isRecord(schema.properties) ? Object.entries(schema.properties).slice(0, 30) : [];
          const required = Array.isArray(schema.required) ? schema.required : [];
          const fields = properties.map(([name, s]) => `${key(name)}${required.includes(name) ? '' : '?'}: ${tsType(s, depth + 1, seen)}`);
          if (isRecord(schema.additionalProperties)) fields.push(`[key: string]: ${tsType(schema.additionalProperties, depth + 1, seen)}`);
          return fields.length ? `{ ${fields.join('; ')} }` : 'Record<string, unknown>';
        }
        default:
          return 'unknown';
      }
    };
    const union = [...new Set(types.map(one))];
    if (schema.nullable === true && !union.includes('null')) union.push('null');
    return union.join(' | ');
  } finally {
    seen.delete(schema);
  }
}

/** The docs of a pack: one `declare const` of its global, one member per operation. */
export function docsOf(global: string, title: string, operations: readonly Operation[]): string {
  const lines = [`/** ${docText(title)}: ${operations.length} function${operations.length == 1 ? '' : 's'}. Each resolves to {status, headers, body} whatever the status (check status); it rejects only when the call could not be made. */`, `declare const ${global}: {`];
  for (const op of operations) {
    const fields = op.params.map((p) => `${p.description ? `/** ${docText(p.description, 100)} (${p.in}) */ ` : ''}${key(p.name)}${p.required ? '' : '?'}: ${tsType(p.schema)}`);
    if (op.body) {
      const form = op.body.kind == 'form' || op.body.kind == 'multipart';
      const note = op.body.kind == 'json' ? '' : `/** ${op.body.type}${form ? ': text fields only' : ''} */ `;
      fields.push(`${note}body${op.body.required ? '' : '?'}: ${op.body.kind == 'text' ? 'string' : tsType(op.body.schema)}`);
    }
    const optional = !op.params.some((p) => p.required) && !op.body?.required;
    const arg = fields.length ? `params${optional ? '?' : ''}: { ${fields.join('; ')} }` : '';
    lines.push(`  /** ${op.method} ${docText(op.path, 120)}${op.summary ? `: ${docText(op.summary)}` : ''} */`);
    lines.push(`  ${op.member}(${arg}): Promise<{ status: number; headers: Record<string, string>; body: ${tsType(op.response)} }>;`);
  }
  lines.push('};');
  return lines.join('\n');
}
