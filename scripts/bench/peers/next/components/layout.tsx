import type { ReactNode } from "react";

/** The root layout, as scripts/bench/apps/ssr/pages/layout.tsx. */
export default function Layout({ children }: { children: ReactNode }) {
  return (
    <div className="site">
      <header>
        <a href="/">Shop</a>
        <nav>
          <a href="/">Items</a>
          <a href="/about">About</a>
          <a href="/cart">Cart</a>
        </nav>
      </header>
      <main>{children}</main>
      <footer>Benchmark app</footer>
    </div>
  );
}
