/**
 * The streaming figure's data: the SSR figure's 50 items (apps/ssr/shared/items.ts, copied: an app
 * is built from a copy of its own folder), arriving after `?delay=` ms (default 500), as a slow
 * query's rows would.
 */
export interface Item {
  id: number;
  name: string;
  description: string;
  price: number;
  inStock: boolean;
  tags: string[];
}

export function listItems(count = 50): Item[] {
  return Array.from({ length: count }, (_, index): Item => ({
    id: index + 1,
    name: `Item ${index + 1}`,
    description: `The item numbered ${index + 1}, with a description of about this length.`,
    price: Math.round((index + 1) * 137.5) / 100,
    inStock: index % 3 !== 0,
    tags: [`color-${index % 5}`, `size-${index % 7}`],
  }));
}

export function slowItems(url: string): Promise<Item[]> {
  const delay = Number(new URL(url).searchParams.get("delay") ?? 500);
  return new Promise((resolve) => setTimeout(() => resolve(listItems()), delay));
}
