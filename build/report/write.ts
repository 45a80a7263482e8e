/** `.sdk/report/`: report.json always, index.html when the visualizer is installed. */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { reportData, type ReportData, type ReportInputs } from "./data.js";
import { reportDir, type Treemap } from "./treemap.js";

export async function writeReport(root: string, inputs: ReportInputs, treemap: Treemap | null): Promise<{ report: ReportData; html: string | null }> {
  const report = reportData(inputs);
  mkdirSync(reportDir(root), { recursive: true });
  writeFileSync(path.join(reportDir(root), "report.json"), `${JSON.stringify(report, null, 2)}\n`);
  const html = treemap ? await treemap.render(`${inputs.target} build of ${path.basename(root)}`) : null;
  return { report, html };
}
