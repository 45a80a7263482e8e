/** A file of the app, as a button that opens it in the editor. */
import { useState } from "react";
import { openFile } from "./api.js";

export function FileLink({ file, line, column }: { file: string; line?: number; column?: number }) {
  const [note, setNote] = useState<string | null>(null);
  const open = () =>
    openFile(file, line, column).then(
      () => setNote("opened"),
      (cause: Error) => setNote(cause.message),
    );
  return (
    <span className="file">
      <button type="button" className="link" title="Open in the editor" onClick={open}>
        {file}
        {line ? `:${line}` : ""}
      </button>
      {note && <span className={note === "opened" ? "muted" : "error"}> {note}</span>}
    </span>
  );
}
