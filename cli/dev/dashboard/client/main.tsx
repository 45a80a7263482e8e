/**
 * The dev dashboard's page: five tabs over `/__sdk/api/`. Built with React into one script at
 * the package's `npm run build` (scripts/build-dashboard.mjs), so the app needs nothing for it.
 */
import { useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { DataTab } from "./data-tab.js";
import { EnvTab } from "./env-tab.js";
import { JobsTab } from "./jobs-tab.js";
import { RequestsTab } from "./requests-tab.js";
import { RoutesTab } from "./routes-tab.js";
import { STYLE } from "./style.js";

const TABS = { routes: RoutesTab, requests: RequestsTab, data: DataTab, jobs: JobsTab, env: EnvTab } as const;
type TabName = keyof typeof TABS;

const tabInHash = (): TabName => {
  const name = location.hash.slice(1);
  return name in TABS ? (name as TabName) : "routes";
};

function Dashboard() {
  const [tab, setTab] = useState<TabName>(tabInHash);
  useEffect(() => {
    const follow = () => setTab(tabInHash());
    addEventListener("hashchange", follow);
    return () => removeEventListener("hashchange", follow);
  }, []);
  const Tab = TABS[tab];
  return (
    <>
      <header>
        <strong>sdk dev</strong>
        <nav>
          {(Object.keys(TABS) as TabName[]).map((name) => (
            <a key={name} href={`#${name}`} className={name === tab ? "tab active" : "tab"} aria-current={name === tab ? "page" : undefined}>
              {name}
            </a>
          ))}
        </nav>
        <span className="muted">{location.host}</span>
      </header>
      <main data-tab={tab}>
        <Tab />
      </main>
    </>
  );
}

const style = document.createElement("style");
style.textContent = STYLE;
document.head.append(style);
createRoot(document.getElementById("dashboard")!).render(<Dashboard />);
