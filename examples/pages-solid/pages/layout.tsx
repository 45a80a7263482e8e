import { createSignal, type ParentProps } from "solid-js";
import { Link } from "sdk/solid";
import "./layout.css";

export default function RootLayout(props: ParentProps) {
  const [count, setCount] = createSignal(0);
  return (
    <div class="site">
      <nav class="site-nav">
        <Link href="/">Home</Link>
        <Link href="/about">About</Link>
        <Link href="/blog/a">Post a</Link>
        <Link href="/blog/b">Post b</Link>
      </nav>
      <button id="root-counter" onClick={() => setCount(count() + 1)}>root layout {count()}</button>
      <main>{props.children}</main>
    </div>
  );
}
