/**
 * The edge platform's REST API (Cloudflare's v4 shape): every response is an envelope
 * `{ success, errors: [{ code, message }], messages, result }`. The base URL is
 * `SDK_API_BASE_URL`, else `CLOUDFLARE_API_BASE_URL` (wrangler's variable), else the platform's;
 * tests point it at a loopback stand-in. The token goes in one header and nowhere else: errors
 * name the method and path, never the token.
 */
export const DEFAULT_API_BASE_URL = "https://api.cloudflare.com/client/v4";

export function apiBaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  return (env.SDK_API_BASE_URL || env.CLOUDFLARE_API_BASE_URL || DEFAULT_API_BASE_URL).replace(/\/+$/, "");
}

export interface ApiErrorDetail {
  code: number;
  message: string;
}

/** A request the platform refused or could not answer; `status` 0 when it was never reached. */
export class PlatformApiError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly errors: ApiErrorDetail[],
  ) {
    super(`${method} ${path} failed (${status || "no answer"}): ${errors.map((e) => (e.code ? `${e.message} [code ${e.code}]` : e.message)).join("; ") || "no reason given"}`);
    this.name = "PlatformApiError";
  }

  hasCode(code: number): boolean {
    return this.errors.some((detail) => detail.code === code);
  }
}

export interface RequestOptions {
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  form?: FormData;
  /** A raw body (KV values, R2 objects) and its content type. */
  body?: BodyInit;
  /** Answer the raw Response instead of the envelope's `result` (KV values, R2 objects). */
  raw?: boolean;
  /** Replaces the API token for this request (the assets upload takes the session's JWT). */
  bearer?: string;
}

/** A list's paging state as the envelope's `result_info` carries it. */
export interface ResultInfo {
  page?: number;
  per_page?: number;
  total_count?: number;
  total_pages?: number;
  count?: number;
  cursor?: string | null;
}

export interface Page<T> {
  result: T;
  info?: ResultInfo;
}

export class PlatformApi {
  readonly baseUrl: string;

  constructor(
    private readonly token: string,
    baseUrl: string = apiBaseUrl(),
  ) {
    this.baseUrl = baseUrl;
  }

  async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const response = await this.send(method, path, options);
    if (options.raw) {
      if (!response.ok && response.status !== 404) throw await this.failure(method, path, response);
      return response as T;
    }
    return (await this.envelope<T>(method, path, response)).result;
  }

  /** One page of a list: its `result` and the envelope's `result_info` (see paging.ts). */
  async page<T>(path: string, query?: RequestOptions["query"]): Promise<Page<T>> {
    return this.envelope<T>("GET", path, await this.send("GET", path, { query }));
  }

  get<T>(path: string, query?: RequestOptions["query"]): Promise<T> {
    return this.request<T>("GET", path, { query });
  }

  private async send(method: string, path: string, options: RequestOptions): Promise<Response> {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = { authorization: `Bearer ${options.bearer ?? this.token}` };
    let body: BodyInit | undefined = options.body ?? options.form;
    if (options.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.json);
    }
    try {
      return await fetch(url, { method, headers, body });
    } catch (cause) {
      throw new PlatformApiError(method, path, 0, [{ code: 0, message: `${this.baseUrl} could not be reached (${(cause as Error).cause ?? (cause as Error).message})` }]);
    }
  }

  private async envelope<T>(method: string, path: string, response: Response): Promise<Page<T>> {
    const envelope = await readEnvelope(response);
    if (!response.ok || !envelope?.success) {
      throw new PlatformApiError(method, path, response.status, envelope?.errors?.length ? envelope.errors : [{ code: 0, message: response.statusText || "the answer was not the API's JSON" }]);
    }
    return { result: envelope.result as T, ...(envelope.result_info && { info: envelope.result_info }) };
  }

  private async failure(method: string, path: string, response: Response): Promise<PlatformApiError> {
    const envelope = await readEnvelope(response);
    return new PlatformApiError(method, path, response.status, envelope?.errors ?? [{ code: 0, message: response.statusText }]);
  }
}

interface Envelope {
  success?: boolean;
  errors?: ApiErrorDetail[];
  result?: unknown;
  result_info?: ResultInfo;
}

async function readEnvelope(response: Response): Promise<Envelope | undefined> {
  try {
    return (await response.json()) as Envelope;
  } catch {
    return undefined;
  }
}
