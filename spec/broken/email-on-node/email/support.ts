import { defineEmail } from "sdk";

export default defineEmail((message) => console.log("mail for support from", message.from));
