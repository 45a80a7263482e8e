/**
 * Every `queue("<name>")` of `sdk/queue` in the app's source whose name is written as a string, so
 * the build can say where a message would go to a queue no file in `queues/` consumes. A name
 * computed at run time is left to the run-time error of a missing binding.
 */
import { ts, type TsNode, type TsSourceFile } from "../typescript.js";
import type { QueueSendIR } from "../ir.js";
import { locationOf, moduleSpecifierValue, namedImportsOf, namespaceImportOf, stringLiteralValue } from "./ast.js";
import type { ScanProject } from "./scan-project.js";
import { compareCodeUnits } from "./files.js";

const PRODUCER_MODULE = "sdk/queue";
const PRODUCER_EXPORT = "queue";

export function collectQueueSends(project: ScanProject, root: string): QueueSendIR[] {
  const sends: QueueSendIR[] = [];
  for (const module of project.modules()) sends.push(...module.fact("queue-sends", (sourceFile) => queueSendsIn(root, sourceFile)));
  return sends.sort((a, b) => compareCodeUnits(a.file, b.file) || a.line - b.line || a.column - b.column);
}

function queueSendsIn(root: string, sourceFile: TsSourceFile): QueueSendIR[] {
  const sends: QueueSendIR[] = [];
  const { direct, namespaces } = producerNames(sourceFile);
  if (direct.size === 0 && namespaces.size === 0) return sends;
  const visit = (node: TsNode): void => {
    if (ts.isCallExpression(node) && callsProducer(node.expression, direct, namespaces)) {
      const [argument] = node.arguments;
      const queue = argument ? stringLiteralValue(argument) : null;
      if (queue !== null) sends.push({ queue, ...locationOf(root, argument!) });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return sends;
}

/** The local names `queue` is imported under, and namespace imports of the module. */
function producerNames(sourceFile: TsSourceFile): { direct: Set<string>; namespaces: Set<string> } {
  const direct = new Set<string>();
  const namespaces = new Set<string>();
  for (const declaration of sourceFile.statements) {
    if (!ts.isImportDeclaration(declaration) || moduleSpecifierValue(declaration) !== PRODUCER_MODULE || declaration.importClause?.isTypeOnly) continue;
    for (const named of namedImportsOf(declaration)) {
      if ((named.propertyName ?? named.name).text === PRODUCER_EXPORT && !named.isTypeOnly) direct.add(named.name.text);
    }
    const namespace = namespaceImportOf(declaration);
    if (namespace) namespaces.add(namespace.text);
  }
  return { direct, namespaces };
}

function callsProducer(callee: TsNode, direct: Set<string>, namespaces: Set<string>): boolean {
  if (ts.isIdentifier(callee)) return direct.has(callee.text);
  return ts.isPropertyAccessExpression(callee) && callee.name.text === PRODUCER_EXPORT && namespaces.has(callee.expression.getText());
}
