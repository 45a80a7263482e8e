export default {
  message(socket: { send(data: string): void }, data: string) {
    socket.send(data);
  },
};
