/**
 * The OpenAPI 3.1 document of the API, generated from the route table: each endpoint's method,
 * path, access, body schema and answer schemas. The schemas are common's zod schemas, named with
 * `.meta({ id })`, converted by zod itself to JSON Schema 2020-12 (OpenAPI 3.1's dialect).
 */
import { z } from 'zod';
import { brand } from '@kafue/common/brand';
import { sessionCookie } from '@kafue/common/contract';
import { apiError } from '@kafue/common/schemas';
import type { Access, Endpoint } from './endpoint.js';

/** Who may call, in each operation's description and its 403 answer. */
const callers: Record<Access, string> = {
  public: 'anyone',
  adminPending: 'any signed-in admin, also one who must first choose a new password or set up two-factor sign-in',
  anyAdmin: 'any signed-in admin (Super Admin, Editor or Moderator)',
  editor: 'a signed-in Super Admin or Editor',
  superAdmin: 'a signed-in Super Admin',
  staffPendingPassword: 'a signed-in Active staff member, also before they have chosen their own password',
  staff: 'a signed-in Active staff member who has chosen their own password',
  team: 'any signed-in admin, or a signed-in Active staff member with their own password on the enquiries assigned to them',
};

function nameOf(schema: z.ZodType): string {
  const id = z.globalRegistry.get(schema)?.id;
  if (typeof id !== 'string') throw new Error('Every body and answer schema needs a name: .meta({ id }) in common');
  return id;
}

/**
 * A body of `schema`: JSON, unless the schema names another media type (`contentMediaType`, e.g.
 * text/csv); a union of schemas of different media types, each in its own (a call that answers a
 * page to a form and JSON to a script).
 */
const json = (schema: z.ZodType): Record<string, { schema: { $ref: string } }> => {
  if (schema instanceof z.ZodUnion && !z.globalRegistry.get(schema)?.id) {
    return Object.fromEntries((schema.options as z.ZodType[]).flatMap((option) => Object.entries(json(option))));
  }
  const type = z.globalRegistry.get(schema)?.contentMediaType;
  return { [typeof type === 'string' ? type : 'application/json']: { schema: { $ref: `#/components/schemas/${nameOf(schema)}` } } };
};
const error = (description: string) => ({ description, content: json(apiError) });

/** Every named schema of common, as JSON Schema: request bodies as sent, answers as sent back. */
function componentSchemas(endpoints: readonly Endpoint[]) {
  const convert = (io: 'input' | 'output') =>
    z.toJSONSchema(z.globalRegistry, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'throw',
      uri: (id) => `#/components/schemas/${id}`,
      // A body's object refuses a field it does not know (http/validate.ts parseBody), unless it takes others (the beacon).
      override: ({ zodSchema, jsonSchema }) => {
        const def = zodSchema._zod.def;
        if (io === 'input' && def.type === 'object' && !def.catchall) jsonSchema.additionalProperties = false;
      },
    }).schemas;
  const inputs = convert('input');
  const bodies = new Set(
    endpoints.flatMap((e) => {
      const body = e.body ?? e.documentedBody;
      return body ? [nameOf(body)] : [];
    }),
  );
  return Object.fromEntries(
    Object.entries(convert('output')).map(([id, output]) => {
      // The document's dialect is 2020-12 already; a fragment $id is not allowed inside it.
      const { $schema: _dialect, $id: _id, ...schema } = bodies.has(id) ? inputs[id] : output;
      return [id, schema];
    }),
  );
}

function operation(e: Endpoint) {
  const params = [...e.path.matchAll(/:(\w+)/g)].map(([, name]) => name);
  const statuses = Object.entries(e.answer);
  const body = e.body ?? e.documentedBody;
  return {
    // /api/{resource}/...: the resource; a page path such as /contact: its own name.
    tags: [e.path.split('/')[2] ?? e.path.split('/')[1]],
    description: [
      `Who may call: ${callers[e.access]}.`,
      ...(e.sameOrigin ? ['A browser page of another site is refused (403), session cookie or not.'] : []),
      ...(e.refusedInMaintenance ? ['Refused while maintenance mode is on (503, Retry-After).'] : []),
    ].join(' '),
    security: e.access === 'public' ? [] : [{ cookie: [] }, { bearer: [] }],
    parameters: params.map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: name === 'id' ? { type: 'string', format: 'uuid' } : { type: 'string' },
    })),
    ...(body ? { requestBody: { required: true, content: json(body) } } : {}),
    responses: {
      ...Object.fromEntries(
        statuses.map(([status, schema]) => [
          status,
          // An answer without a body (204) has no schema to name.
          schema instanceof z.ZodUndefined
            ? { description: 'Done; no content.' }
            : { description: z.globalRegistry.get(schema!)?.description ?? 'Done.', content: json(schema!) },
        ]),
      ),
      // A call that answers its own 400 (a page posted without JavaScript) documents it itself.
      ...(body && !e.answer[400] ? { 400: error('Invalid input: `errors` names each refused field.') } : {}),
      ...(e.access === 'public' ? {} : { 401: error('Not signed in.'), 403: error(`Refused: only ${callers[e.access]} may call this.`) }),
      // A page that answers an unknown address itself (the quote page) documents its own 404.
      ...(params.length && !e.answer[404] ? { 404: error('No such record.') } : {}),
      default: error('Any other refusal or failure (409 duplicate email, 413, 429, 503...).'),
    },
  };
}

export function openApiDocument(endpoints: readonly Endpoint[]) {
  const paths: Record<string, Record<string, ReturnType<typeof operation>>> = {};
  for (const e of endpoints) {
    // koa-router's /:id is OpenAPI's /{id}.
    const path = e.path.replace(/:(\w+)/g, '{$1}');
    (paths[path] ??= {})[e.method.toLowerCase()] = operation(e);
  }
  return {
    openapi: '3.1.1',
    info: {
      title: `${brand.product} API`,
      version: '1',
      description: `The API behind the ${brand.product} site and back-office console. Every error answers \`{ message, errors? }\`.`,
    },
    paths,
    components: {
      schemas: componentSchemas(endpoints),
      securitySchemes: {
        cookie: { type: 'apiKey', in: 'cookie', name: sessionCookie, description: 'The browser session (sign in with session: cookie).' },
        bearer: { type: 'http', scheme: 'bearer', description: 'A session token (sign in with session: bearer), as the desktop app uses.' },
      },
    },
  };
}
