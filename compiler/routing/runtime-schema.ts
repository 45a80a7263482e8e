/**
 * The JSON Schema of the `routing` object the server embeds (runtime/routing/config.ts): the
 * config's own `routing` schema, less build-time `prerender`, plus the values resolved at build.
 */
import { configSchema } from "../config/schema.js";

interface ObjectSchema {
  properties: Record<string, ObjectSchema & Record<string, unknown>>;
}

const { prerender: _buildTimeOnly, ...routingFields } = (configSchema as unknown as ObjectSchema).properties.routing!.properties;

export const runtimeRoutingSchema = {
  type: "object",
  additionalProperties: false,
  required: ["notFound", "isr"],
  properties: {
    ...routingFields,
    notFoundPages: { type: "array", items: { type: "string", pattern: "^/" } },
    prerendered: { type: "array", items: { type: "string", pattern: "^/" } },
  },
} as const;
