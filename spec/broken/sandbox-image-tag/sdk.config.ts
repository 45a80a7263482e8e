import { defineConfig } from "sdk/config";

export default defineConfig({
  sandbox: {
    image: "registry.cloudflare.com/0123456789abcdef0123456789abcdef/sandbox:latest",
  },
});
