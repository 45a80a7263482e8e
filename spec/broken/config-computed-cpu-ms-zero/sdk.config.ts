import { defineConfig } from "sdk/config";

function limitsFor(plan: string) {
  return { cpu_ms: plan === "free" ? 0 : 50 };
}

export default defineConfig({
  worker: {
    limits: limitsFor("free"),
  },
});
