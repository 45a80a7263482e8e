import { defineAuth } from "sdk/auth";
import { sendEmail } from "sdk/email";

await sendEmail({ to: "ops@example.com", subject: "auth.ts loaded", text: "sent at load, not from a hook" });

export default defineAuth({});
