import { Suspense, use } from "react";
import type { InferProps } from "sdk";
import { ItemList } from "../shared/item-list";
import type { loader } from "./streamed.server";

type Props = InferProps<typeof loader>;

function Items({ items }: { items: Props["items"] }) {
  return <ItemList items={use(items)} />;
}

export default function Streamed({ title, items }: Props) {
  return (
    <section>
      <h1>{title}</h1>
      <Suspense fallback={<p>Loading items</p>}>
        <Items items={items} />
      </Suspense>
    </section>
  );
}
