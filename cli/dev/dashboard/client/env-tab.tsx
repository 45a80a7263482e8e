/** Which keys are set and where from; a value only for a public key. */
import type { EnvReport } from "../env-report.js";
import { FileLink } from "./file-link.js";
import { useApi } from "./use-api.js";

export function EnvTab() {
  const { data, error } = useApi<EnvReport>("env");
  if (error) return <p className="error">{error}</p>;
  if (!data) return <p className="muted">Loading…</p>;
  return (
    <section>
      <p>
        {data.file ? (
          <>
            Declared in <FileLink file={data.file} />.
          </>
        ) : (
          "This app has no env.ts: the keys below come from .env and worker.vars."
        )}{" "}
        <span className="muted">A server key's value is never shown here.</span>
      </p>
      <table>
        <thead>
          <tr>
            <th>key</th>
            <th>scope</th>
            <th>kind</th>
            <th>set by</th>
            <th>value</th>
          </tr>
        </thead>
        <tbody>
          {data.rows.map((row) => (
            <tr key={row.name} data-env={row.name}>
              <td>
                <code>{row.name}</code>
              </td>
              <td>{row.scope}</td>
              <td>
                {row.kind ?? ""}
                {row.optional && row.kind ? " (optional)" : ""}
              </td>
              <td className={row.source === "unset" && !row.optional ? "error" : ""}>
                {row.source}
                {row.shadowed.length > 0 && <span className="muted"> (over {row.shadowed.join(", ")})</span>}
              </td>
              <td>{row.value !== undefined ? <code>{row.value}</code> : <span className="muted">{row.scope === "public" ? "" : "hidden"}</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
