import type { InferProps } from "sdk";
import type { loader } from "./index.server";

type Props = InferProps<typeof loader>;

/** GET /: the item list. Plain React (no sdk/react), so the baseline renders this very file. */
export default function Items({ title, items }: Props) {
  return (
    <section>
      <h1>{title}</h1>
      <ul className="items">
        {items.map((item) => (
          <li key={item.id} className={item.inStock ? "in-stock" : "sold-out"}>
            <h2>{item.name}</h2>
            <p>{item.description}</p>
            <p className="price">{item.price.toFixed(2)} EUR</p>
            <ul className="tags">
              {item.tags.map((tag) => <li key={tag}>{tag}</li>)}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
