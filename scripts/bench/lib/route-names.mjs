// Names of a generated app's routes: half static files r0000.ts, half param folders p0000/[id].ts.
// Zero-padded, so file order, numeric order and any sorted route table agree on which is last.

export function routeNames(count) {
  const half = Math.ceil(count / 2);
  const name = (prefix, index) => `${prefix}${String(index).padStart(4, "0")}`;
  return {
    statics: Array.from({ length: count - half }, (_, index) => name("r", index)),
    params: Array.from({ length: half }, (_, index) => name("p", index)),
  };
}

/** The request that reaches the last-registered param route: the worst case for a linear router. */
export function lastParamPath(count) {
  const { params } = routeNames(count);
  return `/${params[params.length - 1]}/12345`;
}

/** The size route scale (figure 2) measures; its fetch-runtime baselines are built for it. */
export const ROUTE_SCALE_ROUTES = 1000;
