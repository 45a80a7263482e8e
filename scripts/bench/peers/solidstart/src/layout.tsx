import type { ParentProps } from "solid-js";

/** The root layout, as scripts/bench/apps/ssr-solid/pages/layout.tsx. */
export default function Layout(props: ParentProps) {
  return (
    <div class="site">
      <header>
        <a href="/">Shop</a>
        <nav>
          <a href="/">Items</a>
          <a href="/about">About</a>
          <a href="/cart">Cart</a>
        </nav>
      </header>
      <main>{props.children}</main>
      <footer>Benchmark app</footer>
    </div>
  );
}
