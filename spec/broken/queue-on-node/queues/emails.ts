import { defineQueue } from "sdk";

export default defineQueue<{ to: string }>((batch) => {
  for (const message of batch.messages) console.log("welcome mail to", message.body.to);
});
