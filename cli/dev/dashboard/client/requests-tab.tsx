/** The requests the app answered, newest first, pushed live (Server-Sent Events) and filterable. */
import { useEffect, useMemo, useState } from "react";
import type { RequestEntry } from "../activity.js";
import { API } from "./api.js";
import { FileLink } from "./file-link.js";
import { TimingBar, TimingList } from "./timing-bar.js";

export function RequestsTab() {
  const [entries, setEntries] = useState<Map<number, RequestEntry>>(new Map());
  const [filter, setFilter] = useState("");
  const [errorsOnly, setErrorsOnly] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const [live, setLive] = useState(false);
  useEffect(() => {
    // Pushed by the dev server; EventSource reconnects by itself, from the last event it read.
    const stream = new EventSource(`${API}requests/stream`);
    stream.addEventListener("open", () => setLive(true));
    stream.addEventListener("error", () => setLive(false));
    stream.addEventListener("requests", (event) => {
      const { requests } = JSON.parse((event as MessageEvent<string>).data) as { requests: RequestEntry[] };
      setEntries((current) => new Map([...current, ...requests.map((entry) => [entry.id, entry] as const)]));
    });
    return () => stream.close();
  }, []);
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return [...entries.values()]
      .reverse()
      .filter((entry) => (!errorsOnly || (entry.status ?? 0) >= 400 || entry.error) && (!needle || `${entry.method} ${entry.path} ${entry.status ?? ""} ${entry.route?.file ?? ""}`.toLowerCase().includes(needle)));
  }, [entries, filter, errorsOnly]);
  return (
    <section>
      <div className="toolbar">
        <input type="search" placeholder="Filter: method, path, status, file" value={filter} onChange={(event) => setFilter(event.target.value)} aria-label="Filter requests" />
        <label>
          <input type="checkbox" checked={errorsOnly} onChange={(event) => setErrorsOnly(event.target.checked)} /> errors only
        </label>
        <span className="muted">
          {entries.size} requests, {live ? "live" : "reconnecting…"}
        </span>
      </div>
      <table className="requests">
        <thead>
          <tr>
            <th>time</th>
            <th>method</th>
            <th>path</th>
            <th>status</th>
            <th>ms</th>
            <th>timing</th>
            <th>route</th>
            <th>output</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((entry) => (
            <RequestRow key={entry.id} entry={entry} open={open === entry.id} toggle={() => setOpen(open === entry.id ? null : entry.id)} />
          ))}
        </tbody>
      </table>
      {shown.length === 0 && <p className="muted">No requests yet: load a page or call a route of the app.</p>}
    </section>
  );
}

function RequestRow({ entry, open, toggle }: { entry: RequestEntry; open: boolean; toggle(): void }) {
  const failed = (entry.status ?? 0) >= 500 || entry.error !== null;
  return (
    <>
      <tr className={failed ? "failed" : ""} data-request={`${entry.method} ${entry.path}`} onClick={toggle}>
        <td className="muted">{new Date(entry.startedAt).toLocaleTimeString()}</td>
        <td>
          <span className={`method ${entry.method}`}>{entry.method}</span>
        </td>
        <td>
          <code>{entry.path}</code>
        </td>
        <td className="status">{entry.status ?? "…"}</td>
        <td>{entry.ms ?? ""}</td>
        <td>
          <TimingBar entry={entry} />
        </td>
        <td>{entry.route ? <code>{entry.route.pattern}</code> : <span className="muted">no route</span>}</td>
        <td>{entry.output.length ? `${entry.output.length} line${entry.output.length === 1 ? "" : "s"}` : ""}</td>
      </tr>
      {open && (
        <tr className="details">
          <td colSpan={8}>
            {entry.route && (
              <p>
                {entry.route.kind}: <FileLink file={entry.route.file} />
              </p>
            )}
            <p>middleware: {entry.middleware.length ? entry.middleware.join(" → ") : "none"}, then the route; {entry.ms ?? "…"} ms in all</p>
            <TimingList entry={entry} />
            {entry.error && (
              <p className="error">
                {entry.error.message}
                {entry.error.at && (
                  <>
                    {" at "}
                    <FileLink file={entry.error.at.file} line={entry.error.at.line} column={entry.error.at.column} />
                  </>
                )}
              </p>
            )}
            {entry.error?.stack && <pre className="output error">{entry.error.stack}</pre>}
            {entry.output.length > 0 && <pre className="output">{entry.output.map((line) => `${line.level === "log" ? "" : `${line.level}: `}${line.text}`).join("\n")}</pre>}
          </td>
        </tr>
      )}
    </>
  );
}
