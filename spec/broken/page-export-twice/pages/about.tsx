import { defineHead } from "sdk";

export const head = defineHead(() => ({ title: "About" }));

export default function About() {
  return <h1>About</h1>;
}
