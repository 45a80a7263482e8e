// The send_email binding of `sdk dev` and `sdk preview`. Mail sent on this machine must not leave
// it, so this worker stands in for the platform's binding: the app's SEND_EMAIL is a service
// binding to it. In `sdk dev` each `send()` posts the message, as JSON, to the dev server's inbox
// at SDK_INBOX_URL (readable at /__sdk/inbox); in `sdk preview`, which has no inbox, it prints
// the message. Deployed, the platform's own binding sends it.
import { WorkerEntrypoint } from "cloudflare:workers";

// How an EmailMessage of `cloudflare:email` carries its raw text in workerd on this machine.
const RAW_EMAIL = "EmailMessage::raw";

export default class EmailStandIn extends WorkerEntrypoint {
  async send(message) {
    const sent = RAW_EMAIL in message
      ? { form: "raw", from: message.from, to: message.to, raw: await new Response(message[RAW_EMAIL]).text() }
      : { form: "builder", message: { ...message, attachments: (message.attachments ?? []).map(describeAttachment) } };
    const inbox = this.env.SDK_INBOX_URL;
    if (!inbox) return printed(sent);
    const response = await fetch(inbox, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(sent) });
    if (!response.ok) throw new Error(`sdk/email: the dev inbox at ${inbox} did not take the message: ${response.status} ${await response.text()}`);
    const { messageId } = await response.json();
    return { messageId };
  }
}

// The inbox lists attachments; their bytes stay out of its JSON.
function describeAttachment({ filename, type, disposition, content }) {
  return { filename, type, disposition, size: typeof content === "string" ? content.length : content.byteLength };
}

function printed(sent) {
  const { from, to, subject, text, html } = sent.form === "raw" ? sent : sent.message;
  const body = sent.form === "raw" ? sent.raw : text ?? html;
  console.log(`[sdk] sdk/email on this machine, not sent: from ${address(from)} to ${[to].flat().map(address).join(", ")}${subject === undefined ? "" : `, subject ${JSON.stringify(subject)}`}\n${body}`);
  return { messageId: `<${crypto.randomUUID()}@sdk.local>` };
}

function address(value) {
  return typeof value === "string" ? value : value.name ? `${value.name} <${value.email}>` : value.email;
}
