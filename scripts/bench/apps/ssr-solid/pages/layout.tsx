import type { ParentProps } from "solid-js";

/** The root layout, as apps/ssr/pages/layout.tsx in Solid. Plain Solid (no sdk/solid), so the baseline renders this very file. */
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
