/** The sidebar: every page, grouped in sections, the page shown marked for the reader and for screen readers. */
import { Link } from "sdk/react";
import type { NavSection } from "../plugins/read-pages.ts";

export function Sidebar({ sections, current }: { sections: readonly NavSection[]; current: string }) {
  return (
    <nav className="docs-sidebar" aria-label="Documentation">
      {sections.map((section) => (
        <section key={section.title}>
          <h2>{section.title}</h2>
          <ul>
            {section.pages.map((page) => (
              <li key={page.href}>
                <Link href={page.href} aria-current={page.href === current ? "page" : undefined}>
                  {page.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}

/** The pages before and after the one shown, in sidebar order. */
export function PageTurns({ sections, current }: { sections: readonly NavSection[]; current: string }) {
  const pages = sections.flatMap((section) => section.pages);
  const at = pages.findIndex((page) => page.href === current);
  if (at < 0) return null;
  const previous = pages[at - 1];
  const next = pages[at + 1];
  return (
    <nav className="docs-turns" aria-label="Previous and next page">
      {previous ? <Link href={previous.href} rel="prev">← {previous.title}</Link> : <span />}
      {next ? <Link href={next.href} rel="next">{next.title} →</Link> : <span />}
    </nav>
  );
}
