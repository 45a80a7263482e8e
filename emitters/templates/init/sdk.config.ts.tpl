import { defineConfig } from "sdk/config";

export default defineConfig({
  // The platform runtime's behaviour is pinned to this date; move it forward deliberately.
  worker: { compatibility_date: "{{compatibilityDate}}" },
});
