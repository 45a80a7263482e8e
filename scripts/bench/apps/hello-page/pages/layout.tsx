import type { ReactNode } from "react";

/** The root layout of the hello page: plain React, so the client-size baseline bundles it as it is. */
export default function Layout({ children }: { children: ReactNode }) {
  return <main>{children}</main>;
}
