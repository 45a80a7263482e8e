import type { ParentProps } from "solid-js";

/** The root layout of the hello page: plain Solid, so the client-size baseline bundles it as it is. */
export default function Layout(props: ParentProps) {
  return <main>{props.children}</main>;
}
