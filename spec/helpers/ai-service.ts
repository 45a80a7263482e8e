/**
 * A loopback stand-in for the AI services this machine cannot reach: the Workers AI REST API
 * (`POST <url>/run/<model>`, where the local AI binding sends `run()`) and an AI gateway
 * (`<url>/gateway/<provider>/<path>`). It answers deterministically from the request and records
 * what it was sent, so tests can check both sides.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

export interface AiService {
  /** Base URL of the Workers AI stand-in, for SDK_AI_URL. */
  readonly aiUrl: string;
  /** Base URL of the gateway stand-in, for SDK_AI_GATEWAY_URL. */
  readonly gatewayUrl: string;
  readonly requests: RecordedRequest[];
}

/** PNG's signature and a little more: image models answer raw bytes. */
export const IMAGE_BYTES = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

export async function withAiService(use: (service: AiService) => Promise<void>): Promise<void> {
  const requests: RecordedRequest[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const path = req.url ?? "/";
    requests.push({ method: req.method ?? "", path, headers: req.headers, body });
    if (path.startsWith("/gateway/")) {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ via: "gateway", path, model: JSON.parse(body || "{}").model ?? null }));
      return;
    }
    const model = path.replace(/^\/run\//, "");
    const inputs = JSON.parse(body || "{}") as { prompt?: string; stream?: boolean };
    if (model.includes("stable-diffusion")) {
      res.writeHead(200, { "content-type": "image/png" }).end(IMAGE_BYTES);
    } else if (inputs.stream) {
      res.writeHead(200, { "content-type": "text/event-stream" });
      for (const word of (inputs.prompt ?? "").split(" ")) res.write(`data: ${JSON.stringify({ response: word })}\n\n`);
      res.end("data: [DONE]\n\n");
    } else {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ result: { response: `${model} says: ${inputs.prompt}` }, success: true, errors: [], messages: [] }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    await use({ aiUrl: origin, gatewayUrl: `${origin}/gateway`, requests });
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
