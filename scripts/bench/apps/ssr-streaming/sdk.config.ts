import { defineConfig } from "sdk/config";

export default defineConfig({ head: { title: "Items" } });
