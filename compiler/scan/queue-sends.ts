/**
 * Every `queue("<name>")` of `sdk/queue` in the app's source whose name is written as a string, so
 * the build can say where a message would go to a queue no file in `queues/` consumes. A name
 * computed at run time is left to the run-time error of a missing binding.
 */
import type { QueueSendIR } from "../ir.js";
import { locationOf, moduleExportName, namedImportsOf, namespaceImportOf, stringLiteralValue, unwrapExpression, valueImportsOf } from "./ast.js";
import { visit, type ParsedModule, type SyntaxNode } from "./parser.js";
import type { ScanProject } from "./scan-project.js";
import { compareCodeUnits } from "./files.js";

const PRODUCER_MODULE = "sdk/queue";
const PRODUCER_EXPORT = "queue";

export function collectQueueSends(project: ScanProject, root: string): QueueSendIR[] {
  const sends: QueueSendIR[] = [];
  for (const module of project.modules()) sends.push(...module.fact("queue-sends", (parsed) => queueSendsIn(root, parsed)));
  return sends.sort((a, b) => compareCodeUnits(a.file, b.file) || a.line - b.line || a.column - b.column);
}

function queueSendsIn(root: string, module: ParsedModule): QueueSendIR[] {
  const sends: QueueSendIR[] = [];
  const { direct, namespaces } = producerNames(module);
  if (direct.size === 0 && namespaces.size === 0) return sends;
  visit(module.program, {
    CallExpression(node) {
      if (!callsProducer(module, node.callee, direct, namespaces)) return;
      const [argument] = node.arguments;
      const queue = argument ? stringLiteralValue(argument) : null;
      if (queue !== null) sends.push({ queue, ...locationOf(root, module, argument!) });
    },
  });
  return sends;
}

/** The local names `queue` is imported under, and namespace imports of the module. */
function producerNames(module: ParsedModule): { direct: Set<string>; namespaces: Set<string> } {
  const direct = new Set<string>();
  const namespaces = new Set<string>();
  for (const declaration of valueImportsOf(module, PRODUCER_MODULE)) {
    for (const named of namedImportsOf(declaration)) {
      if (moduleExportName(named.imported) === PRODUCER_EXPORT && named.importKind !== "type") direct.add(named.local.name);
    }
    const namespace = namespaceImportOf(declaration);
    if (namespace) namespaces.add(namespace.name);
  }
  return { direct, namespaces };
}

function callsProducer(module: ParsedModule, callee: SyntaxNode, direct: Set<string>, namespaces: Set<string>): boolean {
  if (callee.type === "Identifier") return direct.has(callee.name);
  if (callee.type !== "MemberExpression" || callee.computed || callee.property.type !== "Identifier") return false;
  return callee.property.name === PRODUCER_EXPORT && namespaces.has(module.source(unwrapExpression(callee.object)));
}
