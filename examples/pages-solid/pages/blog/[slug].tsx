import { defineHead, type InferProps } from "sdk";
import { useParams } from "sdk/solid";
import type { loader } from "./[slug].server";

type Props = InferProps<typeof loader>;

export const prerender = true;

export async function getPrerenderPaths() {
  return ["/blog/a"];
}

export const head = defineHead<Props>((_c, props) => ({ title: props.title }));

export default function Post(props: Props) {
  const params = useParams<{ slug: string }>();
  return (
    <article>
      <h1>{props.title}</h1>
      <p id="param">param {params.slug}</p>
      <p id="tricky">{props.tricky}</p>
      <p id="published">{props.published}</p>
    </article>
  );
}
