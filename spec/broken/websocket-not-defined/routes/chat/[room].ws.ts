// The hooks are right, but the room class is built from a defineWebSocket() value.
export default {
  message(socket: { send(message: unknown): void }, message: unknown) {
    socket.send(message);
  },
};
