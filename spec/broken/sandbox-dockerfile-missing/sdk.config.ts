import { defineConfig } from "sdk/config";

export default defineConfig({
  sandbox: {
    image: "docker/sandbox.Dockerfile",
    platformImage: "edge/debian-trixie",
  },
});
