import { defineHandler, defineHead, type InferProps } from "sdk";

export const loader = defineHandler((c) => {
  const slug = c.req.param("slug") ?? "";
  if (slug === "old") return c.redirect("/blog/a");
  return { slug, title: `Post ${slug}`, tricky: "</script><script>window.__pwned = true</script>\u2028", published: new Date(Date.UTC(2026, 0, 2)) };
});

export const prerender = true;

export async function getPrerenderPaths() {
  return ["/blog/a"];
}

export const head = defineHead<InferProps<typeof loader>>((_c, props) => ({ title: props.title }));
