import { For } from "solid-js";
import type { InferProps } from "sdk";
import type { loader } from "./index.server";

type Props = InferProps<typeof loader>;

/** GET /: the item list, as apps/ssr/pages/index.tsx in Solid. Plain Solid (no sdk/solid), so the baseline renders this very file. */
export default function Items(props: Props) {
  return (
    <section>
      <h1>{props.title}</h1>
      <ul class="items">
        <For each={props.items}>
          {(item) => (
            <li class={item.inStock ? "in-stock" : "sold-out"}>
              <h2>{item.name}</h2>
              <p>{item.description}</p>
              <p class="price">{item.price.toFixed(2)} EUR</p>
              <ul class="tags">
                <For each={item.tags}>{(tag) => <li>{tag}</li>}</For>
              </ul>
            </li>
          )}
        </For>
      </ul>
    </section>
  );
}
