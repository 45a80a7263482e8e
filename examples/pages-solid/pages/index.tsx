import { createSignal } from "solid-js";

export default function Home() {
  const [clicks, setClicks] = createSignal(0);
  return (
    <section>
      <h1>Home page</h1>
      <button id="hydrated" onClick={() => setClicks(clicks() + 1)}>clicked {clicks()}</button>
    </section>
  );
}
