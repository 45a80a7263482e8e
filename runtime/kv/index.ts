/**
 * `sdk/kv`: the app's key-value namespace, the worker's `KV` binding (or the name
 * `inference.bindings.kv` gives). Edge only; in `sdk dev` and `sdk preview` its data is kept under
 * `.sdk/state/`.
 */
import { env } from "cloudflare:workers";
import { bindingOf } from "../platform/binding.js";
import { bindingName } from "../platform/binding-names.js";
import { createKv, type KvNamespace } from "./kv.js";

export type { Kv, KvKey, KvListOptions, KvListResult, KvNamespace, KvPutOptions, KvType, KvValue } from "./kv.js";

export const kv = createKv(() => bindingOf<KvNamespace>(env, bindingName("kv"), { module: "sdk/kv", kind: "KV namespace", declaredIn: "kv_namespaces" }));
