import { defineHandler } from "sdk";
import leftPad from "left-pad-not-installed";

export const GET = defineHandler(() => ({ padded: leftPad("7", 3, "0") }));
