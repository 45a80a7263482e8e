/** Every route, page and middleware, with the methods and middleware chain of each path. */
import type { RoutesTable } from "../routes-table.js";
import { FileLink } from "./file-link.js";
import { useApi } from "./use-api.js";

export function RoutesTab() {
  const { data, error } = useApi<RoutesTable>("routes");
  if (error) return <p className="error">{error}</p>;
  if (!data) return <p className="muted">Loading…</p>;
  return (
    <section>
      <h2>Routes and pages</h2>
      <table>
        <thead>
          <tr>
            <th>path</th>
            <th>kind</th>
            <th>methods</th>
            <th>file</th>
            <th>middleware chain</th>
          </tr>
        </thead>
        <tbody>
          {data.routes.map((row) => (
            <tr key={`${row.kind} ${row.pattern}`} data-route={row.pattern}>
              <td>
                <code>{row.pattern}</code>
              </td>
              <td>{row.kind}</td>
              <td>
                {row.methods.map((method) => (
                  <span key={method} className={`method ${method}`}>
                    {method}
                  </span>
                ))}
              </td>
              <td>
                <FileLink file={row.file} line={row.handlers[0]?.line} column={row.handlers[0]?.column} />
                {row.serverFile && (
                  <div className="muted">
                    server: <FileLink file={row.serverFile} />
                  </div>
                )}
                {row.layouts.map((layout) => (
                  <div key={layout} className="muted">
                    layout: <FileLink file={layout} />
                  </div>
                ))}
              </td>
              <td>{row.middleware.length ? row.middleware.join(" → ") : <span className="muted">none</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Middleware</h2>
      {data.middleware.length === 0 ? (
        <p className="muted">No middleware/ files.</p>
      ) : (
        <ol>
          {data.middleware.map((entry) => (
            <li key={entry.file}>
              <FileLink file={entry.file} /> <span className="muted">runs on every request{entry.order !== null ? `, order ${entry.order}` : ""}</span>
            </li>
          ))}
        </ol>
      )}
      {data.notFoundPage && (
        <p>
          Not-found page: <FileLink file={data.notFoundPage} />
        </p>
      )}
    </section>
  );
}
