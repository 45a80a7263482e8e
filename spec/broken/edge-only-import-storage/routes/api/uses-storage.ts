import { defineHandler } from "sdk";
import * as mstorage from "sdk/storage";

export const GET = defineHandler(() => ({ has: typeof mstorage }));
