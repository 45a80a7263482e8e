/** The local database's tables and rows and a read-only query, KV keys and values, R2 objects. */
import { useState } from "react";
import type { DataBindings } from "../data.js";
import { getJson, sendJson } from "./api.js";
import { useApi } from "./use-api.js";
import { usePages } from "./use-pages.js";

type Row = Record<string, unknown>;

export function DataTab() {
  const { data, error } = useApi<DataBindings & { available: boolean }>("data");
  if (error) return <p className="error">{error}</p>;
  if (!data) return <p className="muted">Loading…</p>;
  if (!data.available) return <p className="muted">The data tab reads the edge target's local bindings: run sdk dev on the edge (the default target).</p>;
  return (
    <section>
      {data.database ? <Database binding={data.database.binding} dialect={data.database.dialect} /> : <p className="muted">This app has no database.</p>}
      {data.kv.map((binding) => (
        <KvNamespace key={binding} binding={binding} />
      ))}
      {data.r2.map((binding) => (
        <Bucket key={binding} binding={binding} />
      ))}
    </section>
  );
}

const DIALECTS = { sqlite: "D1 database", pg: "PostgreSQL database", mysql: "MySQL database" } as const;

function Database({ binding, dialect }: { binding: string; dialect: keyof typeof DIALECTS }) {
  const tables = useApi<{ tables: { name: string; type: string; rows: number }[] }>("data/tables");
  const [table, setTable] = useState<string | null>(null);
  const [offset, setOffset] = useState(0);
  const rows = useApi<{ rows: Row[]; total: number; limit: number }>(table ? `data/rows?table=${encodeURIComponent(table)}&offset=${offset}` : null);
  const [sql, setSql] = useState("SELECT 1 AS one");
  const [result, setResult] = useState<{ rows?: Row[]; error?: string } | null>(null);
  const run = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    try {
      setResult(await sendJson<{ rows: Row[] }>("POST", "data/query", { sql }));
    } catch (cause) {
      setResult({ error: (cause as Error).message });
    }
  };
  return (
    <div className="store" data-store={dialect}>
      <h2>
        {DIALECTS[dialect]} <code>{binding}</code>
      </h2>
      {tables.error && <p className="error">{tables.error}</p>}
      <div className="row">
        {tables.data?.tables.map((entry) => (
          <button type="button" key={entry.name} className={entry.name === table ? "tab active" : "tab"} onClick={() => (setTable(entry.name), setOffset(0))}>
            {entry.name} <span className="muted">{entry.rows}</span>
          </button>
        ))}
      </div>
      {table && rows.data && (
        <>
          <Rows rows={rows.data.rows} />
          <div className="row">
            <button type="button" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - rows.data!.limit))}>
              Previous
            </button>
            <span className="muted">
              rows {rows.data.total === 0 ? 0 : offset + 1}–{Math.min(offset + rows.data.limit, rows.data.total)} of {rows.data.total}
            </span>
            <button type="button" disabled={offset + rows.data.limit >= rows.data.total} onClick={() => setOffset(offset + rows.data!.limit)}>
              Next
            </button>
          </div>
        </>
      )}
      <form onSubmit={run}>
        <textarea value={sql} onChange={(event) => setSql(event.target.value)} rows={3} aria-label="Read-only query" />
        <div className="row">
          <button type="submit">Run read-only query</button>
          <span className="muted">one SELECT; writes are refused</span>
        </div>
      </form>
      {result?.error && <p className="error">{result.error}</p>}
      {result?.rows && <Rows rows={result.rows} />}
    </div>
  );
}

function Rows({ rows }: { rows: Row[] }) {
  if (rows.length === 0) return <p className="muted">No rows.</p>;
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return (
    <table className="rows">
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column}>{column}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index}>
            {columns.map((column) => (
              <td key={column}>{row[column] === null ? <span className="muted">NULL</span> : String(row[column])}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function KvNamespace({ binding }: { binding: string }) {
  const keys = usePages<{ name: string }>(`data/kv?binding=${encodeURIComponent(binding)}`, "keys");
  const [shown, setShown] = useState<{ key: string; value: string | null } | null>(null);
  const show = async (key: string) => setShown({ key, ...(await getJson<{ value: string | null }>(`data/kv/value?binding=${encodeURIComponent(binding)}&key=${encodeURIComponent(key)}`)) });
  const remove = async (key: string) => {
    if (!window.confirm(`Delete the key ${key} from ${binding}?`)) return;
    await sendJson("DELETE", `data/kv?binding=${encodeURIComponent(binding)}&key=${encodeURIComponent(key)}`, { confirm: key });
    setShown(null);
    keys.reload();
  };
  return (
    <div className="store" data-store="kv">
      <h2>KV namespace <code>{binding}</code></h2>
      {keys.error && <p className="error">{keys.error}</p>}
      {keys.items.length === 0 && !keys.more && <p className="muted">No keys.</p>}
      <ul>
        {keys.items.map((key) => (
          <li key={key.name}>
            <button type="button" className="link" onClick={() => show(key.name)}>
              {key.name}
            </button>{" "}
            <button type="button" className="danger" onClick={() => remove(key.name)}>
              delete
            </button>
          </li>
        ))}
      </ul>
      <More pages={keys} what="keys" />
      {shown && (
        <pre className="output" data-kv-value={shown.key}>
          {shown.value ?? "(no value)"}
        </pre>
      )}
    </div>
  );
}

function Bucket({ binding }: { binding: string }) {
  const objects = usePages<{ key: string; size: number; uploaded: string }>(`data/r2?binding=${encodeURIComponent(binding)}`, "objects");
  const remove = async (key: string) => {
    if (!window.confirm(`Delete the object ${key} from ${binding}?`)) return;
    await sendJson("DELETE", `data/r2?binding=${encodeURIComponent(binding)}&key=${encodeURIComponent(key)}`, { confirm: key });
    objects.reload();
  };
  return (
    <div className="store" data-store="r2">
      <h2>R2 bucket <code>{binding}</code></h2>
      {objects.error && <p className="error">{objects.error}</p>}
      {objects.items.length === 0 && !objects.more && <p className="muted">No objects.</p>}
      <table>
        <tbody>
          {objects.items.map((object) => (
            <tr key={object.key}>
              <td>
                <a href={`/__sdk/api/data/r2/object?binding=${encodeURIComponent(binding)}&key=${encodeURIComponent(object.key)}`} download>
                  {object.key}
                </a>
              </td>
              <td className="muted">{object.size} bytes</td>
              <td className="muted">{new Date(object.uploaded).toLocaleString()}</td>
              <td>
                <button type="button" className="danger" onClick={() => remove(object.key)}>
                  delete
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <More pages={objects} what="objects" />
    </div>
  );
}

/** The next page of a listing, after the 100 shown at a time. */
function More({ pages, what }: { pages: { items: unknown[]; more: boolean; next(): void }; what: string }) {
  if (!pages.more) return null;
  return (
    <div className="row">
      <button type="button" onClick={pages.next}>
        More {what}
      </button>
      <span className="muted">{pages.items.length} shown</span>
    </div>
  );
}
