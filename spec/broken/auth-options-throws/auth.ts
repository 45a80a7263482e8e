import { defineAuth } from "sdk/auth";

export default defineAuth(() => {
  throw new Error("the options are not ready");
});
