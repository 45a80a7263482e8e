import { tokenHint } from "../src/token";

export default function Home() {
  return <p>{tokenHint()}</p>;
}
