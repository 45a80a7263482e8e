/**
 * Hyperdrive configurations: listed (paged by `page`, as wrangler's `listConfigs` reads them) and
 * created from an origin the body names in parts, as `wrangler hyperdrive create
 * --connection-string` sends it (hyperdrive/index.ts `getOriginFromArgs`). The platform connects
 * to the origin before it creates a configuration, so an origin that does not answer is refused;
 * the password is write-only: kept, never answered.
 */
import { connect } from "node:net";
import { ApiError, CODE, jsonBody, ok, paged, type Platform, type Route } from "./http.ts";
import { newHexId, type HyperdriveConfig } from "./state.ts";

/** The published schema does not give the list's page size; the API's usual 20. */
const CONFIGS_PER_PAGE = 20;

type CreateBody = { name?: unknown; origin?: Partial<HyperdriveConfig["origin"]>; caching?: Record<string, unknown> };

function answer(config: HyperdriveConfig) {
  const { password: _writeOnly, ...origin } = config.origin;
  return { id: config.id, name: config.name, origin, caching: config.caching ?? { disabled: false } };
}

export function hyperdriveRoutes({ state }: Platform): Route[] {
  return [
    {
      method: "GET",
      pattern: "/accounts/:a/hyperdrive/configs",
      handle: (request) => paged([...state.hyperdrive.values()].map((config) => answer(config)), request.query, CONFIGS_PER_PAGE),
    },
    {
      method: "POST",
      pattern: "/accounts/:a/hyperdrive/configs",
      async handle(request) {
        const { name, origin, caching } = jsonBody<CreateBody>(request);
        if (typeof name !== "string" || !name) throw new ApiError(400, CODE.invalidRequest, "name is required");
        if ([...state.hyperdrive.values()].some((config) => config.name === name)) throw new ApiError(409, CODE.hyperdriveNameTaken, `A Hyperdrive config named ${name} already exists`);
        const complete = origin?.scheme && origin.host && origin.port && origin.database && origin.user && origin.password;
        if (!complete) throw new ApiError(400, CODE.invalidRequest, "origin needs scheme, host, port, database, user and password");
        if (!(await originAnswers(origin.host!, origin.port!))) throw new ApiError(400, CODE.hyperdriveOriginUnreachable, `Failed to connect to the provided database: ${origin.host}:${origin.port} did not answer`);
        const config: HyperdriveConfig = { id: newHexId(), name, origin: origin as HyperdriveConfig["origin"], ...(caching && { caching }) };
        state.hyperdrive.set(config.id, config);
        return ok(answer(config));
      },
    },
  ];
}

function originAnswers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 3000 });
    const done = (reached: boolean) => {
      socket.destroy();
      resolve(reached);
    };
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
    socket.once("timeout", () => done(false));
  });
}
