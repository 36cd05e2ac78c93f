// The basic catalog of A2UI v0.9 (specification/v0_9/catalogs/basic/catalog.json): the catalog ids
// that name it, its 18 components and its 14 functions. A surface of another catalog is refused.

/**
 * The ids in use for the basic catalog: the specification's and its web renderers', and the one
 * the AG-UI middleware (@ag-ui/a2ui-middleware) and CopilotKit send. v0.9.1 kept the first; the
 * v0.10 ones are accepted as the same catalog (v0.10 adds optional properties only).
 */
export const BASIC_CATALOG_IDS: readonly string[] = [
  'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json',
  'https://a2ui.org/specification/v0_9/basic_catalog.json',
  'https://a2ui.org/specification/v0_10/catalogs/basic/catalog.json',
  'https://a2ui.org/specification/v0_10/basic_catalog.json',
];

/** The versions read: v0.9 (and v0.10 / v1.0, the same messages with additions this reader tolerates). */
export const VERSIONS: readonly string[] = ['v0.9', 'v0.10', 'v1.0'];

export const COMPONENTS = [
  'Text', 'Image', 'Icon', 'Video', 'AudioPlayer', 'Row', 'Column', 'List', 'Card', 'Tabs', 'Modal', 'Divider',
  'Button', 'TextField', 'CheckBox', 'ChoicePicker', 'Slider', 'DateTimeInput',
] as const;
export type ComponentName = (typeof COMPONENTS)[number];

export const FUNCTIONS = [
  'required', 'regex', 'length', 'numeric', 'email', 'formatString', 'formatNumber', 'formatCurrency', 'formatDate',
  'pluralize', 'openUrl', 'and', 'or', 'not',
] as const;
export type FunctionName = (typeof FUNCTIONS)[number];

export const isBasicCatalog = (id: unknown): boolean => typeof id === 'string' && BASIC_CATALOG_IDS.includes(id);
export const isComponent = (name: unknown): name is ComponentName => typeof name === 'string' && (COMPONENTS as readonly string[]).includes(name);
