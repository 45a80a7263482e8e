/** The docs site's page index (docs/plugins/read-pages.ts): sidebar order, search entries, and a page it cannot place. */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { DocsPageError, navigation, readPages, searchEntries } from "../../docs/plugins/read-pages.ts";
import { scratchDir } from "../helpers/scratch.ts";

function pagesDir(files: Record<string, string>): string {
  const dir = scratchDir("docs-pages");
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const page = (title: string, section: string, order: number, body = `# ${title}\n`) => `---\ntitle: ${title}\nsection: ${section}\norder: ${order}\n---\n\n${body}`;

test("the sidebar orders pages by frontmatter order, and sections by their first page", () => {
  const dir = pagesDir({
    "index.md": page("Overview", "Start", 10),
    "deploy.md": page("Deploy", "Ship", 30),
    "guide/install.md": page("Install", "Start", 20),
    "guide/index.md": page("Guide", "Ship", 5),
  });
  assert.equal(navigation(readPages(dir)), [
    { title: "Ship", pages: [{ title: "Guide", href: "/guide" }, { title: "Deploy", href: "/deploy" }] },
    { title: "Start", pages: [{ title: "Overview", href: "/" }, { title: "Install", href: "/guide/install" }] },
  ]);
});

test("a search entry per heading, linked by the id the rendered heading gets, with the text under it", () => {
  const dir = pagesDir({ "db.md": page("Database", "Data", 1, "# Database: `sdk/db`\n\nIntro text.\n\n## Setup\n\nRun **it**.\n\n## Setup\n\n| a | b |\n|---|---|\n| x | y |\n") });
  assert.equal(searchEntries(readPages(dir)), [
    { page: "Database", heading: "Database: sdk/db", href: "/db", text: "Intro text." },
    { page: "Database", heading: "Setup", href: "/db#setup", text: "Run it." },
    { page: "Database", heading: "Setup", href: "/db#setup-1", text: "a b x y" },
  ]);
});

test("a page whose frontmatter cannot place it in the sidebar is an error naming the file and the key", () => {
  const dir = pagesDir({ "a.md": "---\ntitle: A\nsection: Start\n---\n# A\n" });
  assert.throws(() => readPages(dir), (error: unknown) => error instanceof DocsPageError && /^pages\/a\.md: the frontmatter needs `order` \(a number\)/.test(error.message));
});

test.run();
