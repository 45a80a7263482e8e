/** The resources a deploy provisions: D1 databases, KV namespaces, R2 buckets and queues, found by name or created. */
import type { PlatformApi } from "./api.js";

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
  const found = await api.get<D1Database[]>(`/accounts/${accountId}/d1/database`, { name });
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
  const found = await api.get<{ id: string; title: string }[]>(`/accounts/${accountId}/storage/kv/namespaces`, { per_page: 100 });
  return found.find((namespace) => namespace.title === title);
}

export async function createKvNamespace(api: PlatformApi, accountId: string, title: string): Promise<{ id: string; title: string }> {
  return api.request("POST", `/accounts/${accountId}/storage/kv/namespaces`, { json: { title } });
}

export async function hasR2Bucket(api: PlatformApi, accountId: string, name: string): Promise<boolean> {
  const { buckets } = await api.get<{ buckets: { name: string }[] }>(`/accounts/${accountId}/r2/buckets`);
  return buckets.some((bucket) => bucket.name === name);
}

export async function createR2Bucket(api: PlatformApi, accountId: string, name: string): Promise<void> {
  await api.request("POST", `/accounts/${accountId}/r2/buckets`, { json: { name } });
}

export interface Queue {
  queue_id: string;
  queue_name: string;
}

export async function findQueue(api: PlatformApi, accountId: string, name: string): Promise<Queue | undefined> {
  const found = await api.get<Queue[]>(`/accounts/${accountId}/queues`);
  return found.find((queue) => queue.queue_name === name);
}

export async function createQueue(api: PlatformApi, accountId: string, name: string): Promise<Queue> {
  return api.request("POST", `/accounts/${accountId}/queues`, { json: { queue_name: name } });
}

export interface QueueConsumer {
  script_name: string;
  settings?: { batch_size?: number; max_retries?: number; max_wait_time_ms?: number };
  dead_letter_queue?: string;
}

export async function listQueueConsumers(api: PlatformApi, accountId: string, queueId: string): Promise<QueueConsumer[]> {
  return api.get(`/accounts/${accountId}/queues/${queueId}/consumers`);
}

export async function addQueueConsumer(api: PlatformApi, accountId: string, queueId: string, consumer: QueueConsumer): Promise<void> {
  await api.request("POST", `/accounts/${accountId}/queues/${queueId}/consumers`, { json: { ...consumer, type: "worker" } });
}
