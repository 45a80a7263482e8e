/**
 * Every `queue("<name>")` of `sdk/queue` in the app's source whose name is written as a string, so
 * the build can say where a message would go to a queue no file in `queues/` consumes. A name
 * computed at run time is left to the run-time error of a missing binding.
 */
import type { Project, SourceFile } from "ts-morph";
import { Node, SyntaxKind } from "../ts-morph.js";
import type { QueueSendIR } from "../ir.js";
import { locationOf, stringLiteralValue } from "./ast.js";
import { compareCodeUnits } from "./files.js";

const PRODUCER_MODULE = "sdk/queue";
const PRODUCER_EXPORT = "queue";

export function collectQueueSends(project: Project, root: string): QueueSendIR[] {
  const sends: QueueSendIR[] = [];
  for (const sourceFile of project.getSourceFiles()) {
    const { direct, namespaces } = producerNames(sourceFile);
    if (direct.size === 0 && namespaces.size === 0) continue;
    for (const call of sourceFile.getDescendantsOfKind(SyntaxKind.CallExpression)) {
      if (!callsProducer(call.getExpression(), direct, namespaces)) continue;
      const [argument] = call.getArguments();
      const queue = argument ? stringLiteralValue(argument) : null;
      if (queue !== null) sends.push({ queue, ...locationOf(root, argument!) });
    }
  }
  return sends.sort((a, b) => compareCodeUnits(a.file, b.file) || a.line - b.line || a.column - b.column);
}

/** The local names `queue` is imported under, and namespace imports of the module. */
function producerNames(sourceFile: SourceFile): { direct: Set<string>; namespaces: Set<string> } {
  const direct = new Set<string>();
  const namespaces = new Set<string>();
  for (const declaration of sourceFile.getImportDeclarations()) {
    if (declaration.getModuleSpecifierValue() !== PRODUCER_MODULE || declaration.isTypeOnly()) continue;
    for (const named of declaration.getNamedImports()) {
      if (named.getName() === PRODUCER_EXPORT && !named.isTypeOnly()) direct.add(named.getAliasNode()?.getText() ?? PRODUCER_EXPORT);
    }
    const namespace = declaration.getNamespaceImport();
    if (namespace) namespaces.add(namespace.getText());
  }
  return { direct, namespaces };
}

function callsProducer(callee: Node, direct: Set<string>, namespaces: Set<string>): boolean {
  if (Node.isIdentifier(callee)) return direct.has(callee.getText());
  return Node.isPropertyAccessExpression(callee) && callee.getName() === PRODUCER_EXPORT && namespaces.has(callee.getExpression().getText());
}
