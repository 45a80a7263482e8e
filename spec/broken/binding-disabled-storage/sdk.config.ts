import { defineConfig } from "sdk/config";

export default defineConfig({ inference: { bindings: { storage: false } } });
