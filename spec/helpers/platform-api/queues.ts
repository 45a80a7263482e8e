/**
 * Queues and their consumers. A queue takes one consumer, a worker script of the account; the
 * script's primary version consumes it in the runtime (worker-options.ts), so a message a
 * deployed producer sends reaches the deployed consumer.
 */
import { ApiError, CODE, jsonBody, ok, type ApiRequest, type Platform, type Route } from "./http.ts";
import { newHexId, now, type Queue, type QueueConsumer } from "./state.ts";

export function queueRoutes({ state, runtime }: Platform): Route[] {
  const queueNamed = (name: string) => [...state.queues.values()].find((queue) => queue.queue_name === name);
  const existing = (request: ApiRequest): Queue => {
    const queue = state.queues.get(request.params.id);
    if (!queue) throw new ApiError(404, CODE.queueNotFound, `Queue ${request.params.id} does not exist`);
    return queue;
  };
  const withScriptField = (consumer: QueueConsumer) => ({ ...consumer, script: consumer.script_name });

  return [
    {
      method: "GET",
      pattern: "/accounts/:a/queues",
      handle: () => ok([...state.queues.values()].map((queue) => ({ ...queue, producers: [], consumers: queue.consumers.map(withScriptField) }))),
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
      handle: (request) => ok(existing(request).consumers.map(withScriptField)),
    },
    {
      method: "POST",
      pattern: "/accounts/:a/queues/:id/consumers",
      async handle(request) {
        const queue = existing(request);
        const body = jsonBody<{ script_name?: unknown; type?: unknown; settings?: QueueConsumer["settings"]; dead_letter_queue?: unknown }>(request);
        if (body.type !== "worker") throw new ApiError(400, CODE.invalidRequest, `consumer type must be "worker", got ${String(body.type)}`);
        if (typeof body.script_name !== "string" || !state.scripts.has(body.script_name)) throw new ApiError(404, CODE.scriptNotFound, `This Worker does not exist on your account: ${String(body.script_name)}`);
        if (queue.consumers.length) throw new ApiError(409, CODE.queueHasConsumer, `Queue ${queue.queue_name} already has a consumer (${queue.consumers[0].script_name})`);
        if (body.dead_letter_queue !== undefined && (typeof body.dead_letter_queue !== "string" || !queueNamed(body.dead_letter_queue))) {
          throw new ApiError(404, CODE.queueNotFound, `dead letter queue ${String(body.dead_letter_queue)} does not exist`);
        }
        const consumer: QueueConsumer = {
          consumer_id: newHexId(),
          script_name: body.script_name,
          type: "worker",
          settings: { ...body.settings },
          ...(body.dead_letter_queue !== undefined && { dead_letter_queue: body.dead_letter_queue as string }),
          created_on: now(),
        };
        queue.consumers.push(consumer);
        queue.modified_on = consumer.created_on;
        await runtime.refresh();
        return ok(withScriptField(consumer));
      },
    },
  ];
}
