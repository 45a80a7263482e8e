import { defineHead } from "sdk";

export const head = defineHead(() => ({ title: "Not found" }));

export default function NotFound() {
  return <h1>No page here</h1>;
}
