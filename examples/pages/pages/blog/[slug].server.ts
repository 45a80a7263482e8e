import { defineHandler, defineHead, type InferProps } from "sdk";

const POSTS: Record<string, { title: string; body: string }> = {
  hello: { title: "Hello", body: "The first post, loaded on the server." },
  pages: { title: "Pages", body: "Layouts stay mounted while you navigate." },
};

export const loader = defineHandler((c) => {
  const post = POSTS[c.req.param("slug") ?? ""];
  if (!post) return c.redirect("/blog/hello");
  return { ...post, others: Object.keys(POSTS) };
});

export const head = defineHead<InferProps<typeof loader>>((_c, post) => ({ title: post.title }));
