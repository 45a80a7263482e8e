import { defineHandler } from "sdk";
import { sendEmail } from "sdk/email";

export const POST = defineHandler(async () => sendEmail({ to: "ada@example.com", subject: "Join us", text: "You are invited." }));
