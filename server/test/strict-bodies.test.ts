/**
 * Every call of the OpenAPI document that takes a body refuses a field it does not know: 400,
 * `errors` naming it, whatever else the body holds (the check names unknown fields beside the
 * other fields' errors, so a body of the unknown field alone is enough to see it, and a call that
 * ignored it would answer without naming it). The beacon takes it (a page view is never lost), and so
 * does pawaPay's callback (its fields are pawaPay's to add; only its depositId is read).
 */
import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPath } from '@kafue/common/analytics';
import { api, messages } from '@kafue/common/contract';
import { calls } from '@kafue/common/calls';
import type { Access } from '../src/web/endpoint.js';
import { startTestServer, type Client, type TestServer } from './helpers.js';

interface Operation {
  requestBody?: { content: Record<string, { schema: { $ref: string } }> };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { type?: string; additionalProperties?: unknown }> };
}

/** The documented bodies that are a file's bytes, not fields: nothing for a field to be unknown to. */
const files = [`POST ${api.backupRestoreUpload}`];
const unknown = 'kafueUnknownField';
const pawapayCallback = calls.pawapayCallback.path;
const whatsappWebhook = calls.whatsappWebhook.path;
/** The bodies that take fields they do not know: the beacon (a page view is never lost), pawaPay's callback and Meta's notifications. */
const takesOthers = [collectPath, pawapayCallback, whatsappWebhook];
const appSecret = 'strict-bodies-secret';

let t: TestServer;
let doc: Document;
const callers = {} as Record<'anyone' | 'admin' | 'staff', Client>;
beforeAll(async () => {
  t = await startTestServer({
    configure: (c) => {
      // Never called here: a notification without messages asks nothing of the Graph API.
      c.whatsapp = { url: 'http://127.0.0.1:9/v23.0', token: 't', phoneNumberId: '1', appSecret, verifyToken: 'v' };
    },
  });
  doc = (await t.client().get<Document>('/api/openapi.json')).body;
  callers.anyone = t.client();
  callers.admin = (await t.admin('Super Admin')).client;
  callers.staff = (await t.staff()).client;
});
afterAll(() => t?.close());

/** A principal allowed to make a call of this access. */
const callerFor = (access: Access) =>
  access === 'public' ? callers.anyone : access === 'staff' || access === 'staffPendingPassword' ? callers.staff : callers.admin;

/** The operations with a request body: method, documented path, the route's access and the body's media type. */
function bodyOperations() {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, operation]) => {
      if (!operation.requestBody) return [];
      const route = t.endpoints.find((e) => e.method === method.toUpperCase() && e.path.replace(/:(\w+)/g, '{$1}') === path);
      const [[type, { schema }]] = Object.entries(operation.requestBody.content);
      return [{ call: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, access: route!.access, type, schema }];
    }),
  );
}

/** The path with its parameters filled in: a record's id (a fresh one), a collection's name. */
const address = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'id' ? randomUUID() : name === 'collection' ? 'services' : 'x'));

/** The unknown field alone, in the body's media type. */
function bodyOf(type: string): { body: string; headers: Record<string, string> } {
  if (type === 'multipart/form-data') {
    const body = `--part\r\nContent-Disposition: form-data; name="${unknown}"\r\n\r\nx\r\n--part--\r\n`;
    return { body, headers: { 'content-type': 'multipart/form-data; boundary=part' } };
  }
  return { body: JSON.stringify({ [unknown]: 'x' }), headers: { 'content-type': type } };
}

describe('a field a call does not know', () => {
  it('is refused with 400 naming it on every call of the OpenAPI document that takes fields (the beacon, the pawaPay callback and the WhatsApp webhook take it)', async () => {
    const operations = bodyOperations();
    expect(operations).toHaveLength(t.endpoints.filter((e) => e.body ?? e.documentedBody).length);
    const ignored: string[] = [];
    for (const op of operations) {
      if (files.includes(op.call)) continue;
      if (op.path === pawapayCallback) {
        // pawaPay's fields are its own to add: a callback is never refused for one (only its depositId is read).
        const depositId = randomUUID();
        const callback = await callers.anyone.post(pawapayCallback, { depositId, status: 'COMPLETED', [unknown]: 'x' });
        expect(callback.status, op.call).toBe(200);
        continue;
      }
      if (op.path === whatsappWebhook) {
        // Meta's fields are its own to add: a notification is never refused for one.
        const raw = JSON.stringify({ object: 'whatsapp_business_account', entry: [], [unknown]: 'x' });
        const signature = `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`;
        const notified = await callers.anyone.post(whatsappWebhook, raw, {
          'content-type': 'application/json',
          'x-hub-signature-256': signature,
        });
        expect(notified.status, op.call).toBe(200);
        continue;
      }
      if (op.path === collectPath) {
        const beacon = await callers.anyone.post(collectPath, JSON.stringify({ path: '/strict', [unknown]: 'x' }), {
          'content-type': 'text/plain',
        });
        expect(beacon.status, op.call).toBe(204);
        continue;
      }
      const { body, headers } = bodyOf(op.type);
      const answer = await callerFor(op.access).call(op.method, address(op.path), body, headers);
      if (answer.status !== 400 || answer.body?.errors?.[unknown] !== messages.unknownField) {
        ignored.push(`${op.call}: ${answer.status} ${answer.text.slice(0, 200)}`);
      }
    }
    expect(ignored).toEqual([]);
    // Every documented body but the files was tried.
    expect(operations.filter((op) => files.includes(op.call)).map((op) => op.call)).toEqual(files);
  });

  it('is documented: each body object says it takes no other property, but the beacon, the pawaPay callback and the WhatsApp webhook', () => {
    const named = (ref: string) => doc.components.schemas[ref.split('/').pop()!];
    for (const op of bodyOperations()) {
      const schema = named(op.schema.$ref);
      if (schema.type !== 'object') continue;
      expect(schema.additionalProperties, op.call).toEqual(takesOthers.includes(op.path) ? {} : false);
    }
  });
});
