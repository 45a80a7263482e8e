// The AI binding of `sdk dev` and `sdk preview`. Workers AI runs on the platform, which workerd
// on this machine cannot reach as a binding, so this worker stands in for it: the app's `AI`
// binding is a service binding to it, and each `run()` becomes a request to the Workers AI REST
// API at SDK_AI_URL (a real account's `https://api.cloudflare.com/client/v4/accounts/<id>/ai`,
// with SDK_AI_TOKEN, or a local server). Deployed, the platform's own binding replaces it.
import { WorkerEntrypoint } from "cloudflare:workers";

export default class AiStandIn extends WorkerEntrypoint {
  async run(model, inputs) {
    const { SDK_AI_URL: base, SDK_AI_TOKEN: token } = this.env;
    if (!base) {
      throw new Error("sdk/ai: the local AI binding has no Workers AI to call: set edge.account_id in sdk.config.ts and CLOUDFLARE_API_TOKEN, or SDK_AI_URL, in the environment");
    }
    const response = await fetch(`${base.replace(/\/+$/, "")}/run/${model}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(inputs),
    });
    if (!response.ok) throw new Error(`sdk/ai: ${model} answered ${response.status}: ${await response.text()}`);
    if ((response.headers.get("content-type") ?? "").includes("application/json")) return (await response.json()).result;
    return response.body;
  }
}
