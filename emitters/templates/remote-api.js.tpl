// The platform's REST API as the remote bindings of `sdk dev` call it (cli/dev/remote-bindings.ts).
// Each binding's module gets, as inner bindings held in workerd's memory only: the API's base URL,
// the account, the resource (database id, namespace id or bucket name), the token and a
// description for errors. An error names the binding and the request, never the token.

export function platformApi(env) {
  const send = (method, path, { query = {}, body, headers = {} } = {}) => {
    const url = new URL(`${env.apiBaseUrl}/accounts/${env.accountId}${path}`);
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== "") url.searchParams.set(name, String(value));
    }
    return fetch(url, { method, body, headers: { ...headers, authorization: `Bearer ${env.token}` } }).catch((cause) => {
      throw new Error(`${env.description}: the platform's API at ${env.apiBaseUrl} could not be reached (${cause.message})`, { cause });
    });
  };

  return {
    // The response as it came: KV values and R2 objects are raw bytes, not an envelope. A 404
    // that says the key is missing (`missingCode`) answers null; any other refusal throws.
    async raw(method, path, { missingCode, ...options } = {}) {
      const response = await send(method, path, options);
      if (response.ok) return response;
      const envelope = await readEnvelope(response);
      if (response.status === 404 && missingCode !== undefined && saysOnly(envelope, missingCode)) return null;
      throw failure(env, method, path, response.status, envelope);
    },
    // Every other answer: the envelope, whose `result` and `result_info` the caller reads.
    async call(method, path, { json, ...options } = {}) {
      const response = await send(method, path, json === undefined ? options : { ...options, body: JSON.stringify(json), headers: { "content-type": "application/json" } });
      const envelope = await readEnvelope(response);
      if (!response.ok || !envelope?.success) throw failure(env, method, path, response.status, envelope);
      return envelope;
    },
  };
}

async function readEnvelope(response) {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

// A 404 without the API's envelope is the platform's plain "not found" for the key.
function saysOnly(envelope, code) {
  const codes = envelope?.errors?.map((error) => error.code) ?? [];
  return codes.length === 0 || codes.includes(code);
}

// `codes` and `reason` let a binding report a refusal its own way (D1's `D1_ERROR: <SQLite's message>`).
function failure(env, method, path, status, envelope) {
  const errors = envelope?.errors ?? [];
  const reason = errors.map((error) => error.message).join("; ") || "no reason given";
  const codes = errors.map((error) => error.code);
  const error = new Error(`${env.description}: the platform's API refused ${method} ${path} (${status}): ${reason}${codes.length ? ` [code ${codes.join(", ")}]` : ""}`);
  return Object.assign(error, { status, codes, reason });
}
