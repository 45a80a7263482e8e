// A slowloris crowd on loopback: connections that send a request's headers one byte at a time and
// never finish them. Bounded by the caller in count and time (the figure's options).
import net from "node:net";
import { HOST } from "./servers.mjs";

/** `count` connections to `port`, each sending one header byte per `dripMs`; resolves once all are open. */
export async function slowCrowd(port, count, dripMs) {
  const sockets = [];
  let closed = 0;
  await Promise.all(
    Array.from({ length: count }, () =>
      new Promise((resolve) => {
        const socket = net.connect(port, HOST, () => {
          socket.write(`GET /api/hello HTTP/1.1\r\nHost: ${HOST}\r\nX-Slow: `);
          resolve();
        });
        const drip = setInterval(() => socket.writable && socket.write("a"), dripMs);
        socket.on("error", () => resolve());
        socket.on("close", () => {
          closed += 1;
          clearInterval(drip);
        });
        sockets.push(socket);
      }),
    ),
  );
  return {
    /** How many of the crowd's connections are closed so far (by the server, or refused). */
    closed: () => closed,
    end: () => sockets.forEach((socket) => socket.destroy()),
  };
}
