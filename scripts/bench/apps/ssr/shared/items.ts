/**
 * The SSR figure's data: a list of 50 items, built on every request. The page's loader returns it
 * and the hand-written baselines (scripts/bench/baselines/ssr-app-<library>.mjs) call the same function;
 * the Vue, Svelte and Solid twins (apps/ssr-<library>) are built with this very file.
 */
export interface Item {
  id: number;
  name: string;
  description: string;
  price: number;
  inStock: boolean;
  tags: string[];
}

export function listItems(count = 50): { title: string; items: Item[] } {
  const items = Array.from({ length: count }, (_, index): Item => ({
    id: index + 1,
    name: `Item ${index + 1}`,
    description: `The item numbered ${index + 1}, with a description of about this length.`,
    price: Math.round((index + 1) * 137.5) / 100,
    inStock: index % 3 !== 0,
    tags: [`color-${index % 5}`, `size-${index % 7}`],
  }));
  return { title: "Items", items };
}
