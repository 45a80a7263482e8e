import type { InferProps } from "sdk";
import { useParams } from "sdk/solid";
import type { loader } from "./[slug].server";

type Props = InferProps<typeof loader>;

export default function Post(props: Props) {
  const params = useParams<"/blog/[slug]">();
  return (
    <article>
      <h1>{props.title}</h1>
      <p id="param">param {params.slug}</p>
      <p id="tricky">{props.tricky}</p>
      <p id="published">{props.published}</p>
    </article>
  );
}
