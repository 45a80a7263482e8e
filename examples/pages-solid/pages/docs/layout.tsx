import type { ParentProps } from "solid-js";
import { useFrontmatter } from "sdk/solid";

export default function DocsLayout(props: ParentProps) {
  const frontmatter = useFrontmatter<{ section?: string }>();
  return (
    <div class="docs">
      <p id="section">section {frontmatter.section ?? "none"}</p>
      {props.children}
    </div>
  );
}
