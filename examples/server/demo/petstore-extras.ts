// What the OpenAPI pack's tests add to the Petstore example (examples/pages/petstore.yaml, which
// stays the OpenAPI Initiative's document, unchanged): its key as an apiKey security scheme, a
// form body (POST /pets/{petId}), a text body and answer with header parameters (PUT
// /pets/{petId}/tag). The fake (petstore.ts) answers these too. Plain data, merged into the parsed
// document by withPetstoreExtras.

import { PETSTORE_KEY_HEADER } from './petstore';

const petId = { name: 'petId', in: 'path', required: true, description: 'The id of the pet', schema: { type: 'string' } };
const errorResponse = { description: 'unexpected error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };

export const PETSTORE_EXTRAS = Object.freeze({
  security: [{ api_key: [] }],
  // The header the fake checks (header names are case-insensitive).
  securitySchemes: { api_key: { type: 'apiKey', in: 'header', name: PETSTORE_KEY_HEADER } },
  paths: {
    '/pets/{petId}': {
      post: {
        summary: 'Update a pet with form data',
        operationId: 'updatePetWithForm',
        parameters: [petId],
        requestBody: {
          required: true,
          content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { name: { type: 'string' }, tag: { type: 'string' } } } } },
        },
        responses: { 200: { description: 'The pet, changed', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } }, default: errorResponse },
      },
    },
    '/pets/{petId}/tag': {
      put: {
        summary: 'Tag a pet',
        operationId: 'tagPet',
        parameters: [
          petId,
          { name: 'X-Request-Id', in: 'header', description: 'Echoed in the answer', schema: { type: 'string' } },
          { name: 'X-Trace', in: 'header', description: 'Echoed in the answer', schema: { type: 'string' } },
          { name: 'Cookie', in: 'header', description: 'Not a view’s to set', schema: { type: 'string' } },
          { name: 'session', in: 'cookie', description: 'Not sent by a page’s fetch', schema: { type: 'string' } },
        ],
        requestBody: { required: true, content: { 'text/plain': { schema: { type: 'string' } } } },
        responses: { 200: { description: 'A line saying what changed', content: { 'text/plain': { schema: { type: 'string' } } } }, default: errorResponse },
      },
    },
  },
});

/** `doc` (the parsed Petstore document) with the extras: paths merged by path and method, the scheme added, `security` set. */
export function withPetstoreExtras(doc: Record<string, any>): Record<string, any> {
  const paths = { ...doc.paths };
  for (const [path, item] of Object.entries(PETSTORE_EXTRAS.paths)) paths[path] = { ...paths[path], ...item };
  return {
    ...doc,
    security: PETSTORE_EXTRAS.security,
    paths,
    components: { ...doc.components, securitySchemes: { ...doc.components?.securitySchemes, ...PETSTORE_EXTRAS.securitySchemes } },
  };
}
