import { defineAuth } from "sdk/auth";

export default defineAuth({
  user: {
    additionalFields: { nickname: { type: "text" as "string", required: false } },
  },
});
