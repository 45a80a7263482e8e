/**
 * A slowloris crowd for the slow-client tests and the bench: connections that send a request's
 * headers one byte at a time and never finish them, bounded in count and time.
 */
import net from "node:net";

export interface SlowCrowd {
  /** How many of the crowd's connections the server has closed so far. */
  closed(): number;
  /** Closes what is still open and stops dripping. */
  end(): void;
}

/** `count` connections to `port` on 127.0.0.1, each sending one header byte per `dripMs`. */
export async function slowCrowd(port: number, count: number, dripMs: number): Promise<SlowCrowd> {
  const sockets: net.Socket[] = [];
  let closed = 0;
  await Promise.all(
    Array.from({ length: count }, () =>
      new Promise<void>((resolve) => {
        const socket = net.connect(port, "127.0.0.1", () => {
          socket.write("GET /api/hello HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
          resolve();
        });
        socket.on("error", () => resolve());
        socket.on("close", () => {
          closed += 1;
          clearInterval(drip);
        });
        const drip = setInterval(() => socket.writable && socket.write("a"), dripMs);
        sockets.push(socket);
      }),
    ),
  );
  return {
    closed: () => closed,
    end: () => {
      for (const socket of sockets) socket.destroy();
    },
  };
}
