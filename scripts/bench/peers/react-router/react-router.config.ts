import type { Config } from "@react-router/dev/config";

/** Framework mode, server rendering on (the default). */
export default { ssr: true } satisfies Config;
