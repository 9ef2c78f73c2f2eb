import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The parts of a multipart/form-data body, for the API documentation only (the handler reads and checks them). */
export interface MultipartBodyDoc {
  type: 'object';
  required?: string[];
  properties: Record<string, { type: 'string'; format?: 'binary'; description?: string }>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Documents a multipart route's body in OpenAPI; Fastify does not validate it (the parts are streamed). */
    multipartBody?: MultipartBodyDoc;
  }
}

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;

/**
 * The contract's zod schemas as JSON Schema (fastify-type-provider-zod), plus the parts of multipart bodies: a
 * route's `config.multipartBody` becomes its request body in the document, under the `consumes` content type.
 */
export const openApiTransform: Transform = (input) => {
  const result = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const body = (input.route.config as { multipartBody?: MultipartBodyDoc } | undefined)?.multipartBody;
  return body ? { ...result, schema: { ...result.schema, body } } : result;
};
