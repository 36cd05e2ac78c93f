// The Petstore document the OpenAPI pack's browser tests install as an object: the OAI example
// (examples/pages/petstore.yaml, unchanged) with the extras the reference server's fake also
// answers (examples/server/demo/petstore-extras.ts), parsed here in Node.
import { readFileSync } from 'node:fs';
import { normalize } from '@scalar/openapi-parser';
import { withPetstoreExtras } from '../examples/server/demo/petstore-extras';

export const PETSTORE_WITH_EXTRAS: Record<string, any> = withPetstoreExtras(normalize(readFileSync(new URL('../examples/pages/petstore.yaml', import.meta.url), 'utf8')) as Record<string, any>);
