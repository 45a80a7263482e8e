import { createAsync, query, type RouteDefinition } from "@solidjs/router";
import { For } from "solid-js";
import { listItems } from "../../shared/items";

/** GET /: the page's data, 50 items, loaded on the server. */
const getItems = query(async () => {
  "use server";
  return listItems();
}, "items");

export const route = { preload: () => getItems() } satisfies RouteDefinition;

/** GET /: the item list, as scripts/bench/apps/ssr-solid/pages/index.tsx. */
export default function Items() {
  const data = createAsync(() => getItems());
  return (
    <section>
      <h1>{data()?.title}</h1>
      <ul class="items">
        <For each={data()?.items}>
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
