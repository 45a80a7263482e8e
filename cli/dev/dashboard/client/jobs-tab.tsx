/** Crons (fire one, see its runs), queues (send a test message, see the consumer's output), the inbox. */
import { useState } from "react";
import type { JobRun } from "../activity.js";
import type { CronTrigger } from "../../triggers.js";
import { sendJson } from "./api.js";
import { FileLink } from "./file-link.js";
import { useApi } from "./use-api.js";

interface Jobs {
  crons: CronTrigger[];
  queues: { queue: string; file: string; binding: string }[];
  canSend: boolean;
  email: { inbox: string; messages: { id: string; receivedAt: string; from: string; to: string[]; subject: string }[] } | null;
  runs: JobRun[];
}

export function JobsTab() {
  const { data, error, reload } = useApi<Jobs>("jobs", 1500);
  if (error) return <p className="error">{error}</p>;
  if (!data) return <p className="muted">Loading…</p>;
  const runsOf = (kind: JobRun["kind"], name: string) => data.runs.filter((run) => run.kind === kind && run.name === name).reverse();
  return (
    <section>
      <h2>Crons</h2>
      {data.crons.length === 0 && <p className="muted">This app has no crons/.</p>}
      {data.crons.map((cron) => (
        <div className="job" key={`${cron.file} ${cron.cron}`} data-cron={cron.cron}>
          <div className="row">
            <FileLink file={cron.file} /> <code>{cron.cron}</code> <FireButton cron={cron.cron} done={reload} />
          </div>
          <Runs runs={runsOf("cron", cron.cron)} />
        </div>
      ))}
      <h2>Queues</h2>
      {data.queues.length === 0 && <p className="muted">This app has no queues/.</p>}
      {data.queues.map((queue) => (
        <div className="job" key={queue.queue} data-queue={queue.queue}>
          <div className="row">
            <FileLink file={queue.file} /> <code>{queue.queue}</code>
          </div>
          {data.canSend && <SendForm queue={queue.queue} done={reload} />}
          <Runs runs={runsOf("queue", queue.queue)} />
        </div>
      ))}
      <h2>Inbox</h2>
      {!data.email ? (
        <p className="muted">This app sends no email.</p>
      ) : (
        <>
          <p>
            <a href={data.email.inbox}>Open the inbox</a> <span className="muted">({data.email.messages.length} messages)</span>
          </p>
          <ul>
            {data.email.messages.slice(0, 10).map((message) => (
              <li key={message.id}>
                <a href={`${data.email!.inbox}/${message.id}`}>{message.subject}</a> <span className="muted">from {message.from} to {message.to.join(", ")}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function FireButton({ cron, done }: { cron: string; done(): void }) {
  const [state, setState] = useState<string | null>(null);
  const fire = async () => {
    setState("firing…");
    const response = await fetch(`/__sdk/scheduled?cron=${encodeURIComponent(cron)}`, { method: "POST" });
    const report = (await response.json()) as { outcome?: string; error?: string };
    setState(report.outcome ?? report.error ?? String(response.status));
    done();
  };
  return (
    <>
      <button type="button" onClick={fire}>
        Trigger
      </button>
      {state && <span className="muted"> {state}</span>}
    </>
  );
}

function SendForm({ queue, done }: { queue: string; done(): void }) {
  const [text, setText] = useState('{ "test": true }');
  const [state, setState] = useState<string | null>(null);
  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return setState("the message must be JSON");
    }
    try {
      await sendJson("POST", "queues/send", { queue, body });
      setState("sent");
    } catch (cause) {
      setState((cause as Error).message);
    }
    done();
  };
  return (
    <form className="row" onSubmit={submit}>
      <input className="wide" value={text} onChange={(event) => setText(event.target.value)} aria-label={`Test message for ${queue}`} />
      <button type="submit">Send test message</button>
      {state && <span className="muted"> {state}</span>}
    </form>
  );
}

function Runs({ runs }: { runs: JobRun[] }) {
  if (runs.length === 0) return <p className="muted">No runs yet in this session.</p>;
  return (
    <ul className="runs">
      {runs.slice(0, 5).map((run) => (
        <li key={run.id} className="run">
          <span className="muted">{new Date(run.startedAt).toLocaleTimeString()}</span> {run.outcome && <span className={run.outcome === "ok" ? "ok" : "error"}>{run.outcome}</span>}
          {run.ran.length > 0 && <span className="muted"> ran {run.ran.join(", ")}</span>}
          {run.errors.map((error, index) => (
            <div key={index} className="error">
              {error.file ? `${error.file}: ` : ""}
              {error.message}
            </div>
          ))}
          {run.output.length > 0 && <pre className="output">{run.output.map((line) => line.text).join("\n")}</pre>}
        </li>
      ))}
    </ul>
  );
}
