// A local fake of the API that the OpenAPI Initiative's Petstore example describes
// (examples/pages/petstore.yaml: GET /pets?limit, POST /pets, GET /pets/{petId}), for the OpenAPI
// pack's demo and browser tests, and the few operations petstore-extras.ts adds to that document
// (a form body, a text body and answer, header parameters, the key as an apiKey scheme). It checks
// an API key header the way an owner's API would, which is what the pack's `headers` and `auth`
// are for (and what must never reach a view). State is in memory,
// one store per server (each test worker has its own), seeded with three pets; it is bounded.
// Pure: a request in, a response out (routes/petstore.ts is the node:http shell).

/** The header the fake checks, and the demo's key (published on purpose, like the demo ticket secret). */
export const PETSTORE_KEY_HEADER = 'x-api-key';
export const PETSTORE_DEMO_KEY = 'demo-petstore-key-7f3a';
/** Where the fake answers, and the spec beside it. */
export const PETSTORE_API_PATH = '/petstore/v1';
export const PETSTORE_SPEC_PATH = '/petstore/openapi.yaml';
/** Most pets kept (the spec's `Pets` has maxItems 100), longest name and tag, largest body. */
export const PETSTORE_LIMITS = Object.freeze({ pets: 100, nameChars: 60, tagChars: 30, bodyBytes: 4096 });

export interface Pet {
  id: number;
  name: string;
  tag?: string;
}

export interface PetstoreResponse {
  status: number;
  /** JSON; a string is sent as text/plain; undefined for "Null response" (201). */
  body?: unknown;
  headers?: Record<string, string>;
}

const SEED: readonly Pet[] = [
  { id: 1, name: 'Rex', tag: 'dog' },
  { id: 2, name: 'Tom', tag: 'cat' },
  { id: 3, name: 'Nemo', tag: 'fish' },
];

/** The spec's `Error` schema: `{code, message}`. */
const error = (status: number, message: string): PetstoreResponse => ({ status, body: { code: status, message } });

export class PetstoreFake {
  private readonly pets = new Map<number, Pet>(SEED.map((pet) => [pet.id, { ...pet }]));

  constructor(private readonly key = PETSTORE_DEMO_KEY) {}

  /**
   * One request under {@link PETSTORE_API_PATH}: `path` is what follows it, `body` the parsed JSON
   * object, a form's fields (URL-encoded or multipart, as URLSearchParams), text (a string), or
   * undefined.
   */
  handle(method: string, path: string, query: URLSearchParams, headers: Readonly<Record<string, string | string[] | undefined>>, body: unknown): PetstoreResponse {
    if (headers[PETSTORE_KEY_HEADER] !== this.key) return error(401, `missing or wrong ${PETSTORE_KEY_HEADER} header`);
    if (path == '/pets') {
      if (method == 'GET') return this.list(query);
      if (method == 'POST') return this.create(body);
      return { ...error(405, 'use GET or POST on /pets'), headers: { Allow: 'GET, POST' } };
    }
    const one = /^\/pets\/([^/]+)(\/tag)?$/.exec(path);
    if (one) {
      const id = decodeURIComponent(one[1]!);
      const pet = this.pets.get(Number(id));
      const found = pet && String(pet.id) == id ? pet : undefined;
      if (one[2]) {
        if (method != 'PUT') return { ...error(405, 'use PUT on /pets/{petId}/tag'), headers: { Allow: 'PUT' } };
        return found ? this.tag(found, body, headers) : error(404, `no pet with id ${id.slice(0, 40)}`);
      }
      if (method != 'GET' && method != 'POST') return { ...error(405, 'use GET or POST on /pets/{petId}'), headers: { Allow: 'GET, POST' } };
      if (!found) return error(404, `no pet with id ${id.slice(0, 40)}`);
      return method == 'GET' ? { status: 200, body: found } : this.update(found, body);
    }
    return error(404, 'no such path');
  }

  /** POST /pets/{petId} with a form (`name`, `tag`): the pet, changed. */
  private update(pet: Pet, body: unknown): PetstoreResponse {
    if (!(body instanceof URLSearchParams)) return error(415, 'send a form: application/x-www-form-urlencoded or multipart/form-data');
    const fields = [...body.keys()];
    const unknown = fields.find((field) => field != 'name' && field != 'tag');
    if (unknown) return error(400, `unknown field ${JSON.stringify(unknown.slice(0, 40))}`);
    const name = body.get('name');
    const tag = body.get('tag');
    if (name !== null && (!name.trim() || name.length > PETSTORE_LIMITS.nameChars)) return error(400, `name must be text of 1 to ${PETSTORE_LIMITS.nameChars} characters`);
    if (tag !== null && tag.length > PETSTORE_LIMITS.tagChars) return error(400, `tag must be text of at most ${PETSTORE_LIMITS.tagChars} characters`);
    if (name !== null) pet.name = name.trim();
    if (tag !== null) pet.tag = tag;
    return { status: 200, body: pet };
  }

  /** PUT /pets/{petId}/tag with the tag as plain text: a line of text back, with the request's X-Request-Id and X-Trace echoed. */
  private tag(pet: Pet, body: unknown, headers: Readonly<Record<string, string | string[] | undefined>>): PetstoreResponse {
    if (typeof body != 'string') return error(415, 'send the tag as text/plain');
    const tag = body.trim();
    if (!tag || tag.length > PETSTORE_LIMITS.tagChars) return error(400, `the tag must be text of 1 to ${PETSTORE_LIMITS.tagChars} characters`);
    pet.tag = tag;
    const echo: Record<string, string> = { 'Content-Type': 'text/plain; charset=utf-8' };
    for (const name of ['x-request-id', 'x-trace']) {
      const value = headers[name];
      if (typeof value == 'string') echo[name] = value.slice(0, 100);
    }
    return { status: 200, body: `${pet.name} is now tagged ${tag}`, headers: echo };
  }

  private list(query: URLSearchParams): PetstoreResponse {
    const limitText = query.get('limit');
    const limit = limitText === null ? PETSTORE_LIMITS.pets : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) return error(400, 'limit must be an integer from 1 to 100');
    const after = Number(query.get('after') ?? 0);
    const all = [...this.pets.values()].filter((pet) => pet.id > after);
    const page = all.slice(0, limit);
    const next = all.length > limit ? { 'x-next': `${PETSTORE_API_PATH}/pets?limit=${limit}&after=${page.at(-1)!.id}` } : undefined;
    return { status: 200, body: page, ...(next ? { headers: next } : {}) };
  }

  private create(body: unknown): PetstoreResponse {
    if (!body || typeof body != 'object' || Array.isArray(body)) return error(400, 'the body must be a Pet: {id, name, tag?}');
    const { id, name, tag, ...rest } = body as Record<string, unknown>;
    if (Object.keys(rest).length) return error(400, `unknown field ${JSON.stringify(Object.keys(rest)[0])}`);
    if (!Number.isSafeInteger(id) || (id as number) < 1) return error(400, 'id must be a positive integer');
    if (typeof name != 'string' || !name.trim() || name.length > PETSTORE_LIMITS.nameChars) return error(400, `name must be text of 1 to ${PETSTORE_LIMITS.nameChars} characters`);
    if (tag !== undefined && (typeof tag != 'string' || tag.length > PETSTORE_LIMITS.tagChars)) return error(400, `tag must be text of at most ${PETSTORE_LIMITS.tagChars} characters`);
    if (this.pets.has(id as number)) return error(409, `a pet with id ${id} exists`);
    if (this.pets.size >= PETSTORE_LIMITS.pets) return error(507, `the store holds at most ${PETSTORE_LIMITS.pets} pets`);
    this.pets.set(id as number, { id: id as number, name: name.trim(), ...(tag ? { tag } : {}) });
    return { status: 201 };
  }
}
