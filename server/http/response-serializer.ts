// How a route's answer becomes JSON (decision 0052). The route's zod response schema stays the one
// source of the contract (docs, types, tests); the bytes are written by fast-json-stringify from
// that schema turned into JSON Schema, which writes only the fields the schema names: a column
// added to a query still cannot reach the public API.
//
// zod's own serializer (fastify-type-provider-zod) parsed every answer into a stripped copy, then
// ran JSON.stringify over it: 370 µs for a page of ten listings against 160 µs here, paid by every
// search no cache has seen and every product read (issue #18, target 2).
// What it also did, refuse an answer that breaks the schema (a 500 rather than a wrong body), is
// kept where the app is built to check (`check`: the tests and the dev server): every answer then
// also goes through zod, and the two must be the same JSON, which holds the writer to zod's output
// in every integration test. (Not always the same bytes: fast-json-stringify writes an object's
// required fields before its optional ones.) Without the check, fast-json-stringify still refuses
// an answer missing a required field.
import { isDeepStrictEqual } from 'node:util';
import fastJson, { type Schema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;

/** The JSON Schema of what a zod schema outputs, as fast-json-stringify reads it. */
function outputJsonSchema(schema: z.ZodType): Schema {
  // Not representable (z.any, z.custom): written as JSON.stringify writes it.
  return z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as Schema;
}

export function responseSerializerCompiler({ check }: { check: boolean }): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    if (!(schema instanceof z.ZodType)) throw new Error(`${method} ${url}: a response schema must be a zod schema`);
    // Compiled on a route's first answer of that status: most of the ~200 (route, status) pairs
    // never answer in a server's life, and each compiled writer is code the process keeps.
    let write: Serialize | undefined;
    return (data: unknown) => {
      write ??= fastJson(outputJsonSchema(schema)) as Serialize;
      const text = write(data);
      if (check) {
        const result = z.safeEncode(schema, data);
        if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
        if (!isDeepStrictEqual(JSON.parse(text), JSON.parse(JSON.stringify(result.data)))) throw new Error(`${method} ${url}: the answer's writer and its zod schema disagree: ${text}`);
      }
      return text;
    };
  };
}
