// The demo's A2UI surfaces (v0.9, basic catalog): a table booking form ("reservation", "book a
// table", "a2ui") and a product list with a button per row ("products", "shop"). Over the hub
// they are an `a2ui` fenced block (JSON lines); over AG-UI, the activities @ag-ui/a2ui-middleware
// sends (building, then the operations). The answers to their actions quote what the visitor chose.

const CATALOG = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';
/** What the AG-UI middleware and CopilotKit name the same catalog. */
const MIDDLEWARE_CATALOG = 'https://a2ui.org/specification/v0_9/basic_catalog.json';

export type DemoSurface = 'booking' | 'products';

const text = (id: string, value: unknown, variant?: string) => ({ id, component: 'Text', text: value, ...(variant ? { variant } : {}) });
const path = (p: string) => ({ path: p });
const required = (p: string, message: string) => ({ condition: { call: 'required', args: { value: path(p) } }, message });

const BOOKING = {
  surfaceId: 'table-booking',
  components: [
    { id: 'root', component: 'Card', child: 'form' },
    { id: 'form', component: 'Column', children: ['title', 'intro', 'name', 'when', 'guests', 'time', 'seating', 'notes', 'book'] },
    text('title', 'Book a table', 'h3'),
    text('intro', { call: 'formatString', args: { value: 'Tables for ${/booking/guests} at Luigi’s, Via Roma 12.' } }, 'caption'),
    { id: 'name', component: 'TextField', label: 'Name', value: path('/booking/name'), checks: [required('/booking/name', 'Please enter the name for the booking.')] },
    { id: 'when', component: 'DateTimeInput', label: 'Date', value: path('/booking/date'), enableDate: true, min: '2026-01-01', checks: [required('/booking/date', 'Please choose a date.')] },
    { id: 'guests', component: 'Slider', label: 'Guests', value: path('/booking/guests'), min: 1, max: 12 },
    { id: 'time', component: 'ChoicePicker', label: 'Time', displayStyle: 'chips', variant: 'mutuallyExclusive', value: path('/booking/time'), options: ['18:00', '19:00', '20:00', '21:00'].map((t) => ({ label: t, value: t })) },
    { id: 'seating', component: 'ChoicePicker', label: 'Seating', variant: 'mutuallyExclusive', value: path('/booking/seating'), options: [{ label: 'Inside', value: 'inside' }, { label: 'Terrace', value: 'terrace' }] },
    { id: 'notes', component: 'TextField', label: 'Anything we should know?', value: path('/booking/notes'), variant: 'longText' },
    {
      id: 'book',
      component: 'Button',
      child: 'book-label',
      variant: 'primary',
      checks: [{ condition: { call: 'and', args: { values: [{ call: 'required', args: { value: path('/booking/name') } }, { call: 'required', args: { value: path('/booking/date') } }] } }, message: 'Fill in your name and a date first.' }],
      action: { event: { name: 'book_table', context: { name: path('/booking/name'), date: path('/booking/date'), guests: path('/booking/guests'), time: path('/booking/time'), seating: path('/booking/seating'), notes: path('/booking/notes') } } },
    },
    text('book-label', 'Book the table'),
  ],
  data: { booking: { name: '', date: '', guests: 2, time: ['19:00'], seating: ['inside'], notes: '' } },
};

const PRODUCTS = {
  surfaceId: 'product-list',
  components: [
    { id: 'root', component: 'Column', children: ['heading', 'list'] },
    text('heading', 'Our coffee', 'h3'),
    { id: 'list', component: 'List', children: { componentId: 'row', path: '/products' } },
    { id: 'row', component: 'Card', child: 'row-line' },
    { id: 'row-line', component: 'Row', align: 'center', justify: 'spaceBetween', children: ['row-icon', 'row-text', 'row-add'] },
    { id: 'row-icon', component: 'Icon', name: 'shoppingCart' },
    { id: 'row-text', component: 'Column', weight: 1, children: ['row-name', 'row-price'] },
    text('row-name', path('name'), 'h5'),
    text('row-price', { call: 'formatCurrency', args: { value: path('price'), currency: 'EUR' } }, 'caption'),
    { id: 'row-add', component: 'Button', child: 'row-add-label', action: { event: { name: 'add_to_cart', context: { productId: path('id'), name: path('name'), price: path('price') } } } },
    text('row-add-label', 'Add'),
  ],
  data: {
    products: [
      { id: 'espresso-beans', name: 'Espresso beans, 1 kg', price: 24.9 },
      { id: 'moka-pot', name: 'Moka pot, 6 cups', price: 39 },
      { id: 'milk-frother', name: 'Milk frother', price: 59.5 },
    ],
  },
};

const SURFACES = { booking: BOOKING, products: PRODUCTS } as const;

/** The v0.9 messages that draw surface `which`: createSurface, updateComponents, updateDataModel. */
export function demoSurfaceMessages(which: DemoSurface, catalogId = CATALOG): Record<string, unknown>[] {
  const s = SURFACES[which];
  return [
    { version: 'v0.9', createSurface: { surfaceId: s.surfaceId, catalogId } },
    { version: 'v0.9', updateComponents: { surfaceId: s.surfaceId, components: s.components } },
    { version: 'v0.9', updateDataModel: { surfaceId: s.surfaceId, path: '/', value: s.data } },
  ];
}

const INTRO: Record<DemoSurface, string> = {
  booking: 'Happy to book you a table. Choose a date and a time:',
  products: 'Here is what we have in stock today:',
};

/** Over the hub: the answer with the surface as an `a2ui` fenced block (one message a line). */
export function demoSurfaceAnswer(which: DemoSurface): string {
  return `${INTRO[which]}\n\n\`\`\`a2ui\n${demoSurfaceMessages(which).map((m) => JSON.stringify(m)).join('\n')}\n\`\`\``;
}

export const demoSurfaceIntro = (which: DemoSurface) => INTRO[which];

/**
 * Over AG-UI: the contents of the `a2ui-surface` activity, in the order @ag-ui/a2ui-middleware
 * sends them for a streamed render call (building, building with a token count, the components,
 * the components with their data), each replacing the one before under one message id.
 */
export function demoSurfaceActivity(which: DemoSurface): Record<string, unknown>[] {
  const [create, components, data] = demoSurfaceMessages(which, MIDDLEWARE_CATALOG);
  return [{ status: 'building' }, { status: 'building', progressTokens: 140 }, { a2ui_operations: [create, components] }, { a2ui_operations: [create, components, data] }];
}

/** The middleware's activity type. */
export const A2UI_ACTIVITY = 'a2ui-surface';

/** The answer to an action on a demo surface, quoting its context. */
export function demoActionAnswer(name: unknown, context: unknown): string {
  const c = (context && typeof context === 'object' ? context : {}) as Record<string, unknown>;
  const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
  const say = (v: unknown) => String(first(v) ?? '').slice(0, 80);
  if (name === 'book_table') {
    const guests = Number(c.guests) || 2;
    const where = first(c.seating) === 'terrace' ? 'on the terrace' : 'inside';
    return `Booked: a table for ${guests} ${where} on ${say(c.date)} at ${say(c.time) || '19:00'}, under the name ${say(c.name)}. See you at Luigi’s!`;
  }
  if (name === 'add_to_cart') return `Added ${say(c.name)} to your cart. Anything else?`;
  if (name === 'a2ui_error') return 'Sorry, that interface did not work on your side. Let me describe it in words instead.';
  return `Got it: “${say(name)}”.`;
}

/** The action in a hub turn's canonical text (a2ui-response.ts writes it), or null. */
export function actionInText(text: string): { name: string; context: unknown } | null {
  const m = /^User performed action "([^"]+)" on surface "[^"]*" \(component: [^)]*\)\. Context: (.*)$/m.exec(text);
  if (!m) return null;
  try {
    return { name: m[1]!, context: JSON.parse(m[2]!) };
  } catch {
    return { name: m[1]!, context: {} };
  }
}
