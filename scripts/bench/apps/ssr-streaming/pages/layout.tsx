import type { ReactNode } from "react";

/** The root layout. Plain React (no sdk/react), so the baseline renders this very file. */
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
