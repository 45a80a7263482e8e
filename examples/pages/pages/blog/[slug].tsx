import type { InferProps } from "sdk";
import { Link } from "sdk/react";
import type { loader } from "./[slug].server";

type Props = InferProps<typeof loader>;

export default function Post({ title, body, others }: Props) {
  return (
    <article>
      <h1>{title}</h1>
      <p>{body}</p>
      <ul>{others.map((slug) => <li key={slug}><Link href={`/blog/${slug}`}>{slug}</Link></li>)}</ul>
    </article>
  );
}
