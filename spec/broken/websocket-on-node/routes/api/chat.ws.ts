import { defineWebSocket } from "sdk/ws";

export default defineWebSocket({
  message(socket, message) {
    socket.send(message);
  },
});
