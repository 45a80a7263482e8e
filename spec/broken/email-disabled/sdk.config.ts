import { defineConfig } from "sdk/config";

export default defineConfig({ inference: { bindings: { email: false } } });
