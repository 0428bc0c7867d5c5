/**
 * How answers are written (docs/benchmarks.md, Where the API's time goes): each route's answer
 * schema (zod, from the contract) is turned once, when the route is registered, into the JSON
 * Schema the API document shows, and from it into a writer of that shape. Encoding every answer
 * through zod (a full parse, a copy of every object) and then JSON.stringify was the serializer's
 * cost; the writer walks the answer once and writes the text. An answer already in its schema's
 * shape (own keys exactly the schema's, in its order, values of their kinds: what the serializers
 * build) is checked by that walk and written by JSON.stringify in one call; the app sends a list
 * as bytes, element by element (see compileAnswerBytes).
 *
 * What it keeps:
 * - Nothing the schema does not name leaves: an object writes only the properties its schema
 *   lists, in the schema's order (an unknown key is dropped, as zod's strip did); a record's
 *   values are written by their own schema.
 * - An answer missing a property the schema requires, or with a value of another kind than its
 *   schema's (a string for a number, an object for a string, a value outside its enum), is
 *   refused: an error, so a 500 with nothing of it sent, as zod refused it.
 * - The bytes: the same text zod's encoding and JSON.stringify wrote, property order included
 *   (strings and numbers are written by JSON.stringify itself). fast-json-stringify, Fastify's
 *   own serializer, was tried first: it writes required properties before optional ones, which
 *   would have moved keys in six of the contract's answers. The tests build their apps with
 *   `checkAnswers`, which writes every answer both ways and refuses one whose texts differ, so
 *   the whole server suite checks it; answer-serializer.test.ts checks the cases one by one.
 *
 * What it does not check: a string's length or pattern, a number's range (the database's
 * constraints and the services' types stand for them). A schema it cannot write exactly (a
 * reference, a union of two objects, an object with both properties and a catch-all) keeps
 * zod's encoding.
 */
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * Writes one value as JSON text, in pieces pushed onto `out` (joined once, at the end); throws
 * when the value is not of its schema's kind.
 */
interface Writer {
  /** a cheap look at the value's kind: which branch of a union writes it */
  accepts(value: unknown): boolean;
  /**
   * Whether JSON.stringify writes this value exactly as `write` would: every object's own keys
   * are its schema's, in its order, and every value is of its kind. The common case, since the
   * serializers build answers in the contract's shape; then the answer is written by
   * JSON.stringify in one call.
   */
  fits(value: unknown): boolean;
  write(value: unknown, out: string[]): void;
}

export class AnswerShapeError extends Error {
  constructor(where: string, what: string) {
    super(`The answer at ${where || '(root)'} ${what}.`);
    this.name = 'AnswerShapeError';
  }
}

/** Keywords that only validate or annotate, and that the writer does not need. */
const IGNORED = new Set([
  '$schema',
  'description',
  'title',
  'examples',
  'default',
  'format',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'propertyNames',
]);

const KIND_OF: Record<string, (value: unknown) => boolean> = {
  string: (value) => typeof value === 'string',
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  integer: (value) => Number.isInteger(value),
  boolean: (value) => typeof value === 'boolean',
  null: (value) => value === null,
};

class Unsupported extends Error {}

function writerOf(schema: unknown, where: string): Writer {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) throw new Unsupported(where);
  const {
    type,
    properties,
    required,
    additionalProperties,
    items,
    anyOf,
    oneOf,
    enum: values,
    const: constant,
    ...rest
  } = schema as JsonSchema;
  for (const key of Object.keys(rest)) if (!IGNORED.has(key)) throw new Unsupported(`${where}: ${key}`);

  const union = anyOf ?? oneOf;
  if (union !== undefined) {
    if (!Array.isArray(union) || type !== undefined || properties !== undefined || items !== undefined) {
      throw new Unsupported(where);
    }
    const branches = union.map((branch) => writerOf(branch, where));
    // two objects (or two arrays) would need each branch's full check to pick one, as zod's union does
    const composite = union.filter((branch) => {
      const t = (branch as JsonSchema).type;
      return t === 'object' || t === 'array' || (branch as JsonSchema).anyOf !== undefined;
    });
    if (composite.length > 1) throw new Unsupported(`${where}: a union of several objects or arrays`);
    return {
      accepts: (value) => branches.some((branch) => branch.accepts(value)),
      fits(value) {
        for (const branch of branches) if (branch.accepts(value)) return branch.fits(value);
        return false;
      },
      write(value, out) {
        for (const branch of branches) if (branch.accepts(value)) return branch.write(value, out);
        throw new AnswerShapeError(where, 'matches no branch of its union');
      },
    };
  }

  if (type === 'object') {
    if (items !== undefined || values !== undefined || constant !== undefined) throw new Unsupported(where);
    const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);
    const named = Object.entries((properties ?? {}) as JsonSchema);
    const requiredSet = new Set(Array.isArray(required) ? (required as string[]) : []);
    if (additionalProperties !== undefined && additionalProperties !== false) {
      // a record: every key, each value by its schema
      if (named.length > 0 || typeof additionalProperties !== 'object') throw new Unsupported(`${where}: catch-all`);
      const each = writerOf(additionalProperties, `${where}.*`);
      return {
        accepts: isObject,
        fits(value) {
          if (!isObject(value)) return false;
          for (const key in value as Record<string, unknown>) {
            if (!Object.hasOwn(value as object, key) || !each.fits((value as Record<string, unknown>)[key]))
              return false;
          }
          return Object.getPrototypeOf(value) === Object.prototype;
        },
        write(value, out) {
          if (!isObject(value)) throw new AnswerShapeError(where, 'is not an object');
          let next = '{';
          for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
            if (entry === undefined) continue;
            out.push(`${next}${JSON.stringify(key)}:`);
            each.write(entry, out);
            next = ',';
          }
          out.push(next === '{' ? '{}' : '}');
        },
      };
    }
    const fields = named.map(([key, sub]) => ({
      key,
      label: `${JSON.stringify(key)}:`,
      required: requiredSet.has(key),
      writer: writerOf(sub, `${where}.${key}`),
    }));
    const keys = fields.map((field) => field.key);
    return {
      accepts: isObject,
      fits(value) {
        if (!isObject(value) || Object.getPrototypeOf(value) !== Object.prototype) return false;
        const object = value as Record<string, unknown>;
        // its own keys, in order, are the schema's (the optional ones may be left out)
        let at = 0;
        for (const key in object) {
          while (at < keys.length && keys[at] !== key) {
            if (fields[at]?.required) return false;
            at++;
          }
          if (at === keys.length || !fields[at]?.writer.fits(object[key])) return false;
          at++;
        }
        for (; at < keys.length; at++) if (fields[at]?.required) return false;
        return true;
      },
      write(value, out) {
        if (!isObject(value)) throw new AnswerShapeError(where, 'is not an object');
        const object = value as Record<string, unknown>;
        let next = '{';
        for (const field of fields) {
          const entry = object[field.key];
          if (entry === undefined) {
            if (field.required) throw new AnswerShapeError(`${where}.${field.key}`, 'is missing');
            continue;
          }
          out.push(next + field.label);
          field.writer.write(entry, out);
          next = ',';
        }
        out.push(next === '{' ? '{}' : '}');
      },
    };
  }

  if (type === 'array') {
    if (properties !== undefined || values !== undefined || constant !== undefined || items === undefined) {
      throw new Unsupported(where);
    }
    const each = writerOf(items, `${where}[]`);
    return {
      accepts: Array.isArray,
      fits(value) {
        if (!Array.isArray(value)) return false;
        for (let i = 0; i < value.length; i++) if (!each.fits(value[i])) return false;
        return true;
      },
      write(value, out) {
        if (!Array.isArray(value)) throw new AnswerShapeError(where, 'is not a list');
        if (value.length === 0) {
          out.push('[]');
          return;
        }
        for (let i = 0; i < value.length; i++) {
          out.push(i ? ',' : '[');
          each.write(value[i], out);
        }
        out.push(']');
      },
    };
  }

  if (properties !== undefined || items !== undefined || additionalProperties !== undefined) {
    throw new Unsupported(where);
  }
  // a primitive (or a list of them), or anything (z.unknown(): written as it is, as zod passed it)
  const types = type === undefined ? [] : Array.isArray(type) ? type : [type];
  const kinds = types.map((t) => {
    const kind = typeof t === 'string' ? KIND_OF[t] : undefined;
    if (!kind) throw new Unsupported(`${where}: type ${String(t)}`);
    return kind;
  });
  const allowed =
    values !== undefined ? new Set(values as unknown[]) : constant !== undefined ? new Set([constant]) : null;
  // called for every value of every answer: a loop, not kinds.some, which made a closure a call
  // (a twelfth of a page of orders' garbage)
  const ofAKind = (value: unknown) => {
    if (kinds.length === 0) return value !== undefined;
    for (let i = 0; i < kinds.length; i++) if ((kinds[i] as (value: unknown) => boolean)(value)) return true;
    return false;
  };
  const accepts =
    kinds.length === 1 && allowed === null
      ? (kinds[0] as (value: unknown) => boolean)
      : (value: unknown) => ofAKind(value) && (allowed === null || allowed.has(value));
  return {
    accepts,
    // a value of z.unknown() is written by JSON.stringify either way
    fits: accepts,
    write(value, out) {
      if (!accepts(value)) throw new AnswerShapeError(where, 'is not of the kind its schema says');
      out.push(JSON.stringify(value));
    },
  };
}

/** The JSON Schema of an answer's zod schema, as the API document gives it (its output side). */
export function answerJsonSchema(schema: z.ZodType): unknown {
  return z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
}

function compile(schema: z.ZodType): Writer | undefined {
  try {
    return writerOf(answerJsonSchema(schema), '');
  } catch {
    // unrepresentable in JSON Schema, or a shape the writer does not take (Unsupported)
    return undefined;
  }
}

/** The text of an answer: JSON.stringify's when it is in its schema's shape, else written piece by piece. */
function textOf(writer: Writer, data: unknown): string {
  if (writer.fits(data)) return JSON.stringify(data);
  const out: string[] = [];
  writer.write(data, out);
  return out.join('');
}

/** A compiled writer of one answer schema, or undefined when it has to stay with zod's encoding. */
export function compileAnswer(schema: z.ZodType): ((data: unknown) => string) | undefined {
  const writer = compile(schema);
  return writer && ((data) => textOf(writer, data));
}

/**
 * What the app sends: the text of `compileAnswer`, but a list in its schema's shape as bytes,
 * each element encoded on its own. Encoding one large text that JSON.stringify had just made
 * (Fastify's Content-Length, then the socket's write) cost five times its writing: 0.7-0.9 ms
 * for a page of 50 products, against 0.2 ms for the same bytes element by element
 * (docs/benchmarks.md, Where the API's time goes).
 */
export function compileAnswerBytes(schema: z.ZodType): ((data: unknown) => string | Buffer) | undefined {
  const writer = compile(schema);
  if (!writer) return undefined;
  return (data) => {
    if (!Array.isArray(data) || data.length < 2 || !writer.fits(data)) return textOf(writer, data);
    // each element's text, then all of them written into one buffer of their size (brackets and commas included)
    const parts = data.map((element) => JSON.stringify(element));
    let size = parts.length + 1;
    for (const part of parts) size += Buffer.byteLength(part);
    const bytes = Buffer.allocUnsafe(size);
    let at = bytes.write('[');
    for (let i = 0; i < parts.length; i++) {
      if (i > 0) at += bytes.write(',', at);
      at += bytes.write(parts[i] as string, at);
    }
    bytes.write(']', at);
    return bytes;
  };
}

export class AnswerMismatchError extends Error {
  constructor(method: string, url: string, expected: string, written: string) {
    super(
      `${method} ${url}: the answer's writer wrote other bytes than zod's encoding.\nzod:    ${expected.slice(0, 2000)}\nwriter: ${written.slice(0, 2000)}`,
    );
    this.name = 'AnswerMismatchError';
  }
}

/**
 * Fastify's serializer compiler for zod answer schemas. With `check` (the tests), every answer is
 * also encoded by zod (its refusal stands) and one whose two texts differ is refused.
 */
export function answerSerializerCompiler({
  check = false,
}: {
  check?: boolean;
} = {}): FastifySerializerCompiler<z.ZodType | { properties: z.ZodType }> {
  return (route) => {
    const bySchema = zodSerializerCompiler(route);
    const zodSchema = route.schema instanceof z.ZodType ? route.schema : route.schema.properties;
    const write = zodSchema instanceof z.ZodType ? compileAnswer(zodSchema) : undefined;
    if (!write) return bySchema;
    // Fastify sends a Buffer as it is; its serializer's type says string only
    if (!check) return compileAnswerBytes(zodSchema as z.ZodType) as (data: unknown) => string;
    return (data) => {
      const expected = bySchema(data);
      const written = write(data);
      if (written !== expected) throw new AnswerMismatchError(route.method, route.url, expected, written);
      return written;
    };
  };
}
