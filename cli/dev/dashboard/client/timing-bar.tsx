/** The steps in the order they started: each is recorded as it ends, and a middleware ends after what it wraps. */
function inOrder(entry: RequestEntry) {
  return [...entry.timings].reverse();
}

/** A request's time as one bar: a segment per middleware (its own time) and the route, the rest (sdk, the framework, the network) left plain. */
import type { RequestEntry } from "../activity.js";

const COLORS = ["#8250df", "#bf8700", "#0a7ea4", "#cf222e", "#1a7f37"];

export function TimingBar({ entry }: { entry: RequestEntry }) {
  const total = Math.max(entry.ms ?? 0, entry.timings.reduce((sum, step) => sum + step.ms, 0));
  if (!entry.timings.length || total <= 0) return null;
  return (
    <span className="timing-bar" title={entry.timings.map(stepText).join("\n")}>
      {inOrder(entry).map((step, index) => (
        <span key={index} data-step={step.file} style={{ width: `${(step.ms / total) * 100}%`, background: step.kind === "route" ? "var(--accent)" : COLORS[index % COLORS.length] }} />
      ))}
    </span>
  );
}

/** Each step and its time, outermost middleware first. */
export function TimingList({ entry }: { entry: RequestEntry }) {
  if (!entry.timings.length) return null;
  return (
    <ul className="timings">
      {inOrder(entry).map((step, index) => (
        <li key={index} data-timing={step.file}>
          <span className="muted">{step.kind}</span> <code>{step.file}</code> {step.ms.toFixed(1)} ms
        </li>
      ))}
    </ul>
  );
}

function stepText(step: RequestEntry["timings"][number]): string {
  return `${step.kind} ${step.file}: ${step.ms.toFixed(1)} ms`;
}
