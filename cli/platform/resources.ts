/**
 * The resources a deploy provisions: D1 databases, KV namespaces, R2 buckets and queues, found by
 * name (through every page of the list, paged as the published schema says) or created.
 */
import type { PlatformApi } from "./api.js";
import { listAll } from "./paging.js";

export interface D1Database {
  uuid: string;
  name: string;
}

export interface D1Result<Row = Record<string, unknown>> {
  results: Row[];
  success: boolean;
  meta: Record<string, unknown>;
}

export interface SqlQuery {
  sql: string;
  params?: unknown[];
}

export async function findD1Database(api: PlatformApi, accountId: string, name: string): Promise<D1Database | undefined> {
  const found = await listAll<D1Database>(api, `/accounts/${accountId}/d1/database`, { by: "page" }, { name });
  return found.find((database) => database.name === name);
}

export async function createD1Database(api: PlatformApi, accountId: string, name: string): Promise<D1Database> {
  return api.request("POST", `/accounts/${accountId}/d1/database`, { json: { name } });
}

/** One statement, or several run as one transaction (D1's batch form): all apply or none. */
export async function queryD1<Row = Record<string, unknown>>(api: PlatformApi, accountId: string, databaseId: string, query: SqlQuery | { batch: SqlQuery[] }): Promise<D1Result<Row>[]> {
  return api.request("POST", `/accounts/${accountId}/d1/database/${databaseId}/query`, { json: query });
}

export async function findKvNamespace(api: PlatformApi, accountId: string, title: string): Promise<{ id: string; title: string } | undefined> {
  const found = await listAll<{ id: string; title: string }>(api, `/accounts/${accountId}/storage/kv/namespaces`, { by: "page", perPage: 100 });
  return found.find((namespace) => namespace.title === title);
}

export async function createKvNamespace(api: PlatformApi, accountId: string, title: string): Promise<{ id: string; title: string }> {
  return api.request("POST", `/accounts/${accountId}/storage/kv/namespaces`, { json: { title } });
}

export async function hasR2Bucket(api: PlatformApi, accountId: string, name: string): Promise<boolean> {
  // Cursor-paged, 20 a page by default; `{ buckets }` is the result (wrangler's listR2Buckets reads it so).
  const buckets = await listAll<{ name: string }, { buckets?: { name: string }[] }>(api, `/accounts/${accountId}/r2/buckets`, { by: "cursor", items: (result) => result.buckets ?? [] });
  return buckets.some((bucket) => bucket.name === name);
}

export async function createR2Bucket(api: PlatformApi, accountId: string, name: string): Promise<void> {
  await api.request("POST", `/accounts/${accountId}/r2/buckets`, { json: { name } });
}

export interface QueueConsumerSettings {
  batch_size?: number;
  max_retries?: number;
  max_wait_time_ms?: number;
  max_concurrency?: number;
  retry_delay?: number;
}

/** A consumer as the queue list answers it: the worker is `script` (or `service`), as wrangler matches it. */
export interface ListedConsumer {
  consumer_id?: string;
  type?: string;
  script?: string;
  service?: string;
  /** The official SDK's spelling; read too, in case an answer carries it. */
  script_name?: string;
  settings?: QueueConsumerSettings;
  dead_letter_queue?: string;
}

export interface Queue {
  queue_id: string;
  queue_name: string;
  consumers?: ListedConsumer[];
}

/** The queue of that name with its consumers; the list is paged by `page` and filtered by `name`, as wrangler reads it. */
export async function findQueue(api: PlatformApi, accountId: string, name: string): Promise<Queue | undefined> {
  const found = await listAll<Queue>(api, `/accounts/${accountId}/queues`, { by: "page" }, { name });
  return found.find((queue) => queue.queue_name === name);
}

export async function createQueue(api: PlatformApi, accountId: string, name: string): Promise<Queue> {
  return api.request("POST", `/accounts/${accountId}/queues`, { json: { queue_name: name } });
}

export const consumerWorker = (consumer: ListedConsumer): string | undefined => consumer.script ?? consumer.service ?? consumer.script_name;

/** What a worker consumer is set to: the body of both the create and the update. */
export interface QueueConsumer {
  script_name: string;
  settings: QueueConsumerSettings;
  dead_letter_queue?: string;
}

export async function addQueueConsumer(api: PlatformApi, accountId: string, queueId: string, consumer: QueueConsumer): Promise<void> {
  await api.request("POST", `/accounts/${accountId}/queues/${queueId}/consumers`, { json: { ...consumer, type: "worker" } });
}

export async function updateQueueConsumer(api: PlatformApi, accountId: string, queueId: string, consumerId: string, consumer: QueueConsumer): Promise<void> {
  await api.request("PUT", `/accounts/${accountId}/queues/${queueId}/consumers/${consumerId}`, { json: { ...consumer, type: "worker" } });
}
