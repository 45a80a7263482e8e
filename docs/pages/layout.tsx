import type { ReactNode } from "react";
import { Link, usePage } from "sdk/react";
import nav from "virtual:docs-nav";
import { Search } from "../src/search";
import { PageTurns, Sidebar } from "../src/sidebar";
import "./layout.css";

export default function Layout({ children }: { children: ReactNode }) {
  const path = usePage().url.split(/[?#]/)[0]!;
  return (
    <div className="docs">
      <header className="docs-header">
        <Link href="/" className="docs-brand">sdk</Link>
        <Search />
      </header>
      <div className="docs-body">
        <Sidebar sections={nav} current={path} />
        <main className="docs-main">
          {children}
          <PageTurns sections={nav} current={path} />
        </main>
      </div>
    </div>
  );
}
