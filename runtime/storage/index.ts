/**
 * `sdk/storage`: the app's object storage bucket, the worker's `STORAGE` R2 binding (or the name
 * `inference.bindings.storage` gives). Edge only; in `sdk dev` and `sdk preview` its objects are
 * kept under `.sdk/state/`.
 */
import { env } from "cloudflare:workers";
import { bindingOf } from "../platform/binding.js";
import { bindingName } from "../platform/binding-names.js";
import { createStorage, type StorageBucket } from "./storage.js";

export type {
  Storage, StorageBody, StorageBucket, StorageHttpMetadata, StorageList, StorageListOptions, StorageObject, StorageObjectBody, StoragePutOptions,
} from "./storage.js";

export const storage = createStorage(() => bindingOf<StorageBucket>(env, bindingName("storage"), { module: "sdk/storage", kind: "R2 bucket", declaredIn: "r2_buckets" }));
