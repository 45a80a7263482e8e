import type { InferProps } from "sdk";
import { ItemList } from "../shared/item-list";
import type { loader } from "./awaited.server";

export default function Awaited({ title, items }: InferProps<typeof loader>) {
  return (
    <section>
      <h1>{title}</h1>
      <ItemList items={items} />
    </section>
  );
}
