import { type Item, listItems } from "../shared/items";

/** GET /: the page's data, 50 items, on every request. */
export function getServerSideProps() {
  return { props: listItems() };
}

/** GET /: the item list, as scripts/bench/apps/ssr/pages/index.tsx. */
export default function Items({ title, items }: { title: string; items: Item[] }) {
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
