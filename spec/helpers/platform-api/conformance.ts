/**
 * The stand-in held to Cloudflare's published API, not to our own model of it: every request is
 * matched to an operation of openapi-subset.json (extracted from cloudflare/api-schemas by
 * scripts/openapi-subset.mjs) or openapi-supplement.json (operations that schema predates, from the
 * official `cloudflare` package's types), and its path parameters, query, JSON body and the
 * multipart `metadata` part are validated with ajv; every JSON answer is validated against the
 * operation's response schema. Objects of a request body are checked closed at their top level
 * (and the metadata part's): a field the schema does not name is a mismatch, unless lags.ts allows
 * it, naming the wrangler code that sends it. The metadata's bindings, which that schema leaves
 * open, are held to the official SDK's binding types (binding-kinds.ts).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Ajv, type ValidateFunction } from "ajv";
import type formatsPlugin from "ajv-formats";
import { bindingProblems } from "./binding-kinds.ts";
import { bodyOptional, extraAnswerFields, extraBodyFields, extraQuery, queryOverride, requestOverride, responseOverride, takesRawBody } from "./lags.ts";
import { repairedBranches, scoped, withoutConflictingResult } from "./schema-defects.ts";

type Json = Record<string, unknown>;
type Schema = Json;

interface Document {
  id: string;
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, Schema>>;
}

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: Schema;
}

export interface Operation {
  /** `GET /accounts/{account_id}/workers/scripts` */
  key: string;
  method: string;
  template: string;
  document: Document;
  parameters: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: Schema; encoding?: Record<string, { contentType?: string }> }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

const addFormats = createRequire(import.meta.url)("ajv-formats") as typeof formatsPlugin.default;

const load = (file: string, id: string): Document => ({ ...(JSON.parse(readFileSync(new URL(file, import.meta.url), "utf8")) as Omit<Document, "id">), id });

export class Conformance {
  private readonly ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true, logger: false });
  private readonly operations: Operation[] = [];
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor() {
    addFormats(this.ajv);
    // OpenAPI's own formats, which say how a value travels, not what it holds.
    for (const format of ["binary", "byte", "int32", "int64", "float", "double", "password"]) this.ajv.addFormat(format, true);
    for (const document of [load("./openapi-subset.json", "subset"), load("./openapi-supplement.json", "supplement")]) {
      const { id, ...schemaDocument } = document;
      this.ajv.addSchema(schemaDocument as Schema, id);
      for (const [template, item] of Object.entries(document.paths)) {
        for (const [method, value] of Object.entries(item)) {
          if (method === "parameters") continue;
          const operation = value as Omit<Operation, "key" | "method" | "template" | "document" | "parameters"> & { parameters?: Parameter[] };
          const parameters = [...((item.parameters as Parameter[] | undefined) ?? []), ...(operation.parameters ?? [])].map((parameter) => this.deref(document, parameter as unknown as Schema) as unknown as Parameter);
          const requestBody = operation.requestBody && (this.deref(document, operation.requestBody as unknown as Schema) as unknown as Operation["requestBody"]);
          const responses = Object.fromEntries(Object.entries(operation.responses ?? {}).map(([status, response]) => [status, this.deref(document, response as Schema)]));
          this.operations.push({ key: `${method.toUpperCase()} ${template}`, method: method.toUpperCase(), template, document, parameters, requestBody, responses });
        }
      }
    }
  }

  /** The operation a request is, and its path parameters (decoded). */
  find(method: string, path: string): { operation: Operation; params: Record<string, string> } | undefined {
    const actual = path.split("/").filter(Boolean);
    for (const operation of this.operations) {
      if (operation.method !== method) continue;
      const wanted = operation.template.split("/").filter(Boolean);
      if (wanted.length !== actual.length) continue;
      const params: Record<string, string> = {};
      const matches = wanted.every((segment, index) => {
        const name = /^\{(.+)\}$/.exec(segment)?.[1];
        if (name) params[name] = decodeURIComponent(actual[index]);
        return name !== undefined || segment === actual[index];
      });
      if (matches) return { operation, params };
    }
    return undefined;
  }

  /** What about the request does not conform, as sentences; empty when it does. */
  async checkRequest(operation: Operation, params: Record<string, string>, query: URLSearchParams, contentType: string | undefined, body: Buffer): Promise<string[]> {
    const problems: string[] = [];
    for (const parameter of operation.parameters.filter((candidate) => candidate.in === "path")) {
      problems.push(...this.validate(operation.document, parameter.schema, params[parameter.name], `path parameter ${parameter.name}`));
    }
    const allowedExtra = extraQuery(operation.key);
    for (const name of new Set(query.keys())) {
      const parameter = operation.parameters.find((candidate) => candidate.in === "query" && candidate.name === name);
      if (!parameter) {
        if (!allowedExtra.includes(name)) problems.push(`query parameter ${name} is not one the operation takes (${operation.parameters.filter((p) => p.in === "query").map((p) => p.name).join(", ") || "none"})`);
        continue;
      }
      const schema = queryOverride(operation.key, name) ?? parameter.schema;
      problems.push(...this.validate(operation.document, schema, this.queryValue(operation.document, schema, query.get(name)!), `query parameter ${name}`));
    }
    for (const parameter of operation.parameters.filter((candidate) => candidate.in === "query" && candidate.required && !query.has(candidate.name))) problems.push(`query parameter ${parameter.name} is required`);
    problems.push(...(await this.checkBody(operation, contentType, body)));
    return problems.map((problem) => `${operation.key}: ${problem}`);
  }

  /** What about a JSON answer does not match the operation's response schema for its status. */
  checkAnswer(operation: Operation, status: number, envelope: unknown): string[] {
    const response = operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`] ?? Object.entries(operation.responses).find(([code]) => code.startsWith("2"))?.[1];
    const published = response?.content?.["application/json"]?.schema as Schema | undefined;
    const resolvedPublished = published && this.deref(operation.document, published);
    const schema = responseOverride(operation.key) ?? (resolvedPublished?.allOf ? { ...resolvedPublished, allOf: withoutConflictingResult(repairedBranches(operation.key, this.flatAllOf(operation.document, resolvedPublished))) } : resolvedPublished);
    if (!schema) return [];
    const result = (envelope as { result?: unknown }).result;
    // The operation's own result schema: the last of the combined branches that has one.
    const resultSchema = this.branches(operation.document, schema).map((branch) => (branch.properties as Json | undefined)?.result as Schema | undefined).filter((candidate) => candidate && Object.keys(candidate).length).at(-1);
    const resolved = resultSchema && this.deref(operation.document, resultSchema);
    const itemSchema = resolved?.type === "array" && resolved.items ? (resolved.items as Schema) : undefined;
    const allowed = extraAnswerFields(operation.key);
    const closed = itemSchema && Array.isArray(result)
      ? result.flatMap((item, index) => this.closedFields(operation, itemSchema, item, `the answer's result[${index}]`, allowed))
      : this.closedFields(operation, resolved, result, "the answer's result", allowed);
    return [...this.validate(operation.document, schema, envelope, "the answer"), ...closed].map((problem) => `${operation.key}: ${problem}`);
  }

  private async checkBody(operation: Operation, contentType: string | undefined, body: Buffer): Promise<string[]> {
    const content = operation.requestBody?.content;
    if (!content) return body.length ? ["the operation takes no body, and one was sent"] : [];
    if (!body.length) return operation.requestBody?.required && !bodyOptional(operation.key) ? ["the operation requires a body"] : [];
    const mediaType = (contentType ?? "").split(";")[0].trim().toLowerCase();
    const media = content[mediaType];
    if (!media && takesRawBody(operation.key)) return [];
    if (!media) return [`content type ${mediaType || "(none)"} is not one the operation takes (${Object.keys(content).join(", ")})`];
    const schema = (mediaType === "application/json" && requestOverride(operation.key)) || (media.schema && this.deref(operation.document, media.schema));
    if (mediaType === "application/json") {
      let value: unknown;
      try {
        value = JSON.parse(body.toString("utf8"));
      } catch {
        return ["the body is not JSON"];
      }
      return [...this.validate(operation.document, schema, value, "the body"), ...this.closedFields(operation, schema, value, "the body", extraBodyFields(operation.key, "body"))];
    }
    if (mediaType === "multipart/form-data") return this.checkMultipart(operation, schema, media.encoding, contentType!, body);
    return [];
  }

  private async checkMultipart(operation: Operation, schema: Schema | undefined, encoding: Record<string, { contentType?: string }> | undefined, contentType: string, body: Buffer): Promise<string[]> {
    let form: FormData;
    try {
      form = await new Request("http://conformance.invalid/", { method: "POST", headers: { "content-type": contentType }, body: new Uint8Array(body) }).formData();
    } catch (cause) {
      return [`the multipart body could not be read: ${(cause as Error).message}`];
    }
    const problems: string[] = [];
    const metadataSchemas = this.branches(operation.document, schema).map((branch) => (branch.properties as Json | undefined)?.metadata as Schema | undefined).filter((candidate): candidate is Schema => Boolean(candidate));
    const metadataPart = form.get("metadata");
    if (metadataSchemas.length && metadataPart !== null) {
      let metadata: unknown;
      try {
        metadata = JSON.parse(typeof metadataPart === "string" ? metadataPart : await metadataPart.text());
      } catch {
        return ["the metadata part is not JSON"];
      }
      const metadataSchema = this.deref(operation.document, metadataSchemas[0]);
      problems.push(...this.validate(operation.document, metadataSchema, metadata, "the metadata part"), ...this.closedFields(operation, metadataSchema, metadata, "the metadata part", extraBodyFields(operation.key, "metadata")), ...bindingProblems(metadata));
    }
    const moduleTypes = encoding?.["<any part name>"]?.contentType?.split(",").map((type) => type.trim());
    if (moduleTypes) {
      for (const [name, part] of form.entries()) {
        if (name === "metadata" || typeof part === "string") continue;
        const type = part.type.split(";")[0].trim().toLowerCase();
        if (!moduleTypes.includes(type)) problems.push(`part ${name} has content type ${part.type || "(none)"}, not one of the schema's (${moduleTypes.join(", ")})`);
      }
    }
    return problems;
  }

  /** Top-level fields of `value` that no branch of `schema` names, except the allowed lags. */
  private closedFields(operation: Operation, schema: Schema | undefined, value: unknown, what: string, allowed: readonly string[]): string[] {
    if (!schema || !value || typeof value !== "object" || Array.isArray(value)) return [];
    const branches = this.branches(operation.document, schema);
    if (branches.some((branch) => branch.additionalProperties !== undefined && branch.additionalProperties !== false)) return [];
    const named = new Set(branches.flatMap((branch) => Object.keys((branch.properties as Json | undefined) ?? {})));
    if (!named.size) return [];
    return Object.keys(value).filter((field) => !named.has(field) && !allowed.includes(field)).map((field) => `${what} has field ${field}, which the published schema does not name`);
  }

  /** The schema and every schema its allOf/oneOf/anyOf combine, dereferenced. */
  private branches(document: Document, schema: Schema | undefined): Schema[] {
    if (!schema) return [];
    const resolved = this.deref(document, schema);
    const nested = ["allOf", "oneOf", "anyOf"].flatMap((keyword) => ((resolved[keyword] as Schema[] | undefined) ?? []).flatMap((inner) => this.branches(document, inner)));
    return [resolved, ...nested];
  }

  /** The branches of a schema's allOf, nested allOfs flattened, dereferenced. */
  private flatAllOf(document: Document, schema: Schema): Schema[] {
    const resolved = this.deref(document, schema);
    if (!resolved.allOf) return [resolved];
    const { allOf, ...own } = resolved;
    return [...(Object.keys(own).length ? [own] : []), ...(allOf as Schema[]).flatMap((branch) => this.flatAllOf(document, branch))];
  }

  private deref(document: Document, value: Schema): Schema {
    let current = value;
    for (let depth = 0; typeof current?.$ref === "string" && depth < 20; depth++) {
      const [, , section, name] = (current.$ref as string).split("/");
      current = document.components?.[section]?.[name] as Schema;
      if (!current) throw new Error(`${String(value.$ref)} is not defined in ${document.id}`);
    }
    return current;
  }

  /** A query string's value as the type its schema says (query strings are all text). */
  private queryValue(document: Document, schema: Schema | undefined, text: string): unknown {
    const type = schema && this.deref(document, schema).type;
    if ((type === "number" || type === "integer") && text.trim() !== "" && !Number.isNaN(Number(text))) return Number(text);
    if (type === "boolean" && (text === "true" || text === "false")) return text === "true";
    return text;
  }

  private validate(document: Document, schema: Schema | undefined, value: unknown, what: string): string[] {
    if (!schema || value === undefined) return [];
    const key = `${document.id}:${JSON.stringify(schema)}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(scoped(document.id, schema) as Schema);
      this.compiled.set(key, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).slice(0, 5).map((error) => `${what}${error.instancePath ? ` at ${error.instancePath}` : ""} ${error.message}${error.params && "additionalProperty" in error.params ? ` (${String(error.params.additionalProperty)})` : ""}`);
  }
}
