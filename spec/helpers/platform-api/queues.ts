/**
 * Queues and their consumers. A queue takes one worker consumer, a script of the account; the
 * script's primary version consumes it in the runtime (worker-options.ts), so a message a
 * deployed producer sends reaches the deployed consumer. Lists name the consumer's worker as
 * `script` (what wrangler matches on), never `script_name`, which only the create and update
 * answers carry; the queue list pages by `page` and filters by `name`, as wrangler calls it.
 */
import { ApiError, CODE, jsonBody, ok, paged, type ApiRequest, type Platform, type Route } from "./http.ts";
import { newHexId, now, type PlatformState, type Queue, type QueueConsumer } from "./state.ts";

/** Page size of the queue list; the published schema does not say, so this is the stand-in's choice (the API's usual 20). */
const QUEUES_PER_PAGE = 20;

type ConsumerBody = { script_name?: unknown; type?: unknown; settings?: QueueConsumer["settings"]; dead_letter_queue?: unknown };

const listed = (queue: Queue, consumer: QueueConsumer) => ({
  consumer_id: consumer.consumer_id,
  type: consumer.type,
  script: consumer.script_name,
  queue_name: queue.queue_name,
  settings: consumer.settings,
  ...(consumer.dead_letter_queue !== undefined && { dead_letter_queue: consumer.dead_letter_queue }),
  created_on: consumer.created_on,
});

const written = (queue: Queue, consumer: QueueConsumer) => ({
  consumer_id: consumer.consumer_id,
  type: consumer.type,
  script_name: consumer.script_name,
  queue_name: queue.queue_name,
  settings: consumer.settings,
  dead_letter_queue: consumer.dead_letter_queue ?? "",
  created_on: consumer.created_on,
});

/** The consumer a create or update body describes, checked as the platform checks it. */
function consumerFrom(state: PlatformState, body: ConsumerBody, queueNamed: (name: string) => Queue | undefined): Omit<QueueConsumer, "consumer_id" | "created_on"> {
  if (body.type !== "worker") throw new ApiError(400, CODE.invalidRequest, `consumer type must be "worker", got ${String(body.type)}`);
  if (typeof body.script_name !== "string" || !state.scripts.has(body.script_name)) throw new ApiError(404, CODE.scriptNotFound, `This Worker does not exist on your account: ${String(body.script_name)}`);
  if (body.dead_letter_queue !== undefined && (typeof body.dead_letter_queue !== "string" || !queueNamed(body.dead_letter_queue))) {
    throw new ApiError(404, CODE.queueNotFound, `dead letter queue ${String(body.dead_letter_queue)} does not exist`);
  }
  return { script_name: body.script_name, type: "worker", settings: { ...body.settings }, ...(body.dead_letter_queue !== undefined && { dead_letter_queue: body.dead_letter_queue as string }) };
}

export function queueRoutes({ state, runtime }: Platform): Route[] {
  const queueNamed = (name: string) => [...state.queues.values()].find((queue) => queue.queue_name === name);
  const existing = (request: ApiRequest): Queue => {
    const queue = state.queues.get(request.params.id);
    if (!queue) throw new ApiError(404, CODE.queueNotFound, `Queue ${request.params.id} does not exist`);
    return queue;
  };

  return [
    {
      method: "GET",
      pattern: "/accounts/:a/queues",
      handle(request) {
        const names = request.query.getAll("name");
        const queues = [...state.queues.values()].filter((queue) => !names.length || names.includes(queue.queue_name));
        const summary = (queue: Queue) => ({ ...queue, producers: [], producers_total_count: 0, consumers: queue.consumers.map((consumer) => listed(queue, consumer)), consumers_total_count: queue.consumers.length });
        return paged(queues.map(summary), request.query, QUEUES_PER_PAGE);
      },
    },
    {
      method: "POST",
      pattern: "/accounts/:a/queues",
      handle(request) {
        const { queue_name } = jsonBody<{ queue_name?: unknown }>(request);
        if (typeof queue_name !== "string" || !/^[a-z0-9][a-z0-9-]{0,62}$/.test(queue_name)) throw new ApiError(400, CODE.invalidRequest, `invalid queue name ${String(queue_name)}`);
        if (queueNamed(queue_name)) throw new ApiError(409, CODE.queueNameTaken, `A queue named ${queue_name} already exists`);
        const created = now();
        const queue: Queue = { queue_id: newHexId(), queue_name, created_on: created, modified_on: created, consumers: [] };
        state.queues.set(queue.queue_id, queue);
        return ok({ queue_id: queue.queue_id, queue_name, created_on: created, modified_on: created });
      },
    },
    {
      method: "GET",
      pattern: "/accounts/:a/queues/:id/consumers",
      handle(request) {
        const queue = existing(request);
        return ok(queue.consumers.map((consumer) => listed(queue, consumer)));
      },
    },
    {
      method: "POST",
      pattern: "/accounts/:a/queues/:id/consumers",
      async handle(request) {
        const queue = existing(request);
        const described = consumerFrom(state, jsonBody<ConsumerBody>(request), queueNamed);
        if (queue.consumers.length) throw new ApiError(409, CODE.queueHasConsumer, `Queue ${queue.queue_name} already has a consumer (${queue.consumers[0].script_name})`);
        const consumer: QueueConsumer = { consumer_id: newHexId(), ...described, created_on: now() };
        queue.consumers.push(consumer);
        queue.modified_on = consumer.created_on;
        await runtime.refresh();
        return ok(written(queue, consumer));
      },
    },
    {
      method: "PUT",
      pattern: "/accounts/:a/queues/:id/consumers/:consumer",
      async handle(request) {
        const queue = existing(request);
        const index = queue.consumers.findIndex((consumer) => consumer.consumer_id === request.params.consumer);
        if (index < 0) throw new ApiError(404, CODE.queueNotFound, `Queue ${queue.queue_name} has no consumer ${request.params.consumer}`);
        const consumer: QueueConsumer = { ...queue.consumers[index], ...consumerFrom(state, jsonBody<ConsumerBody>(request), queueNamed) };
        queue.consumers[index] = consumer;
        queue.modified_on = now();
        await runtime.refresh();
        return ok(written(queue, consumer));
      },
    },
  ];
}
