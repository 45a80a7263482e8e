/**
 * A loopback TCP port in front of a test database that the test turns into an outage and back:
 * `forward` passes connections to the real server, `refuse` stops listening (a connection is
 * refused, as with the server down), `stall` accepts and never answers (a black hole: a hung
 * server, a dropped route). `close()` ends every connection it holds and stops listening.
 */
import { connect, createServer, type Server, type Socket } from "node:net";

export type SwitchMode = "forward" | "refuse" | "stall";

export interface DatabaseSwitch {
  readonly port: number;
  /** `url` with its host and port replaced by the switch's. */
  via(url: string): string;
  set(mode: SwitchMode): Promise<void>;
  close(): Promise<void>;
}

export async function startDatabaseSwitch(target: { host: string; port: number }): Promise<DatabaseSwitch> {
  let mode: SwitchMode = "forward";
  const sockets = new Set<Socket>();
  const hold = (socket: Socket) => {
    sockets.add(socket);
    socket.on("error", () => socket.destroy()).on("close", () => sockets.delete(socket));
  };
  const server: Server = createServer((client) => {
    hold(client);
    if (mode === "stall") return;
    const upstream = connect(target);
    hold(upstream);
    upstream.on("close", () => client.destroy());
    client.on("close", () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve((server.address() as { port: number }).port);
      });
    });
  const stopListening = () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  const port = await listen(0);
  const endAll = () => sockets.forEach((socket) => socket.destroy());
  return {
    port,
    via(url) {
      const parsed = new URL(url);
      parsed.hostname = "127.0.0.1";
      parsed.port = String(port);
      return parsed.href;
    },
    async set(next) {
      mode = next;
      // Connections made in the previous mode end with it: a pooled one would outlive the switch.
      endAll();
      if (next === "refuse") await stopListening();
      else if (!server.listening) await listen(port);
    },
    async close() {
      endAll();
      await stopListening();
    },
  };
}
