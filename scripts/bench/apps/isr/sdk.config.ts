import { defineConfig } from "sdk/config";

// Every item is cached for an hour: each distinct id is a new ISR key.
export default defineConfig({ routing: { revalidate: { "/api/items/*": 3600 } } });
