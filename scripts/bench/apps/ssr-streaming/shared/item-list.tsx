import type { Item } from "./items";

export function ItemList({ items }: { items: Item[] }) {
  return (
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
  );
}
