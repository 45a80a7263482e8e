import { defineHandler } from "sdk";
import * as msandbox from "sdk/sandbox";

export const GET = defineHandler(() => ({ has: typeof msandbox }));
