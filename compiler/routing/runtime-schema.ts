/**
 * The JSON Schema of the `routing` object the server embeds (runtime/routing/config.ts): the
 * config's own `routing` schema, less build-time `prerender`, plus the values resolved at build.
 */
import type { RuntimeRouting } from "../../runtime/routing/config.js";
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

/**
 * The schema a build embeds for `routing`: `prerendered` only when the build left paths to the
 * running app, so a worker without them carries no validator code for the list. An edited copy
 * that adds it still fails at start, as a field this build does not hold.
 */
export function runtimeRoutingSchemaFor(routing: RuntimeRouting): object {
  if (routing.prerendered?.length) return runtimeRoutingSchema;
  const { prerendered: _none, ...properties } = runtimeRoutingSchema.properties;
  return { ...runtimeRoutingSchema, properties };
}
