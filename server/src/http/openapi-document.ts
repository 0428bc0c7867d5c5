/**
 * Reading the API document (GET /api/openapi.json) in tests: a route's path in the document's
 * spelling, and a check that an answer has the shape the document describes.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';

/** '/api/order/:id' -> '/api/order/{id}' */
export const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
}
export interface ApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
const compiled = new WeakMap<object, ReturnType<typeof ajv.compile>>();

/**
 * The errors of an answer against what the document says `method url` answers with `status`
 * ('4XX' ranges included), or a sentence when the document says nothing about it.
 */
export function answerProblems(doc: ApiDocument, method: string, url: string, status: number, body: unknown): string[] {
  const operation = doc.paths[openApiPath(url)]?.[method.toLowerCase()];
  if (!operation) return [`${method} ${url} is not in the document`];
  const responses = operation.responses ?? {};
  const response = responses[String(status)] ?? responses[`${String(status)[0]}XX`];
  if (!response) return [`${method} ${url} does not describe a ${status} answer`];
  const schema = response.content?.['application/json']?.schema;
  if (!schema) return [];
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  if (validate(body)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || '(answer)'} ${error.message ?? ''}`);
}
