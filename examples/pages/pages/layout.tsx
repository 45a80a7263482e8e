import type { ReactNode } from "react";
import { Link } from "sdk/react";
import "./layout.css";

export default function Layout({ children }: { children: ReactNode }) {
  return (
    <div>
      <nav className="site-nav">
        <Link href="/">Home</Link>
        <Link href="/blog/hello">Blog</Link>
        <Link href="/guestbook">Guestbook</Link>
        <Link href="/docs/intro">Docs</Link>
      </nav>
      <main>{children}</main>
    </div>
  );
}
