/**
 * A page whose `<script lang="ts">` holds only its page exports (`head`, `prerender`, `ssr`) and
 * whose component is its template. Vue takes a `<script>`'s default export as the component, and
 * such a script has none; Vue itself falls back to `{}` when it rewrites a script (JavaScript ones,
 * or any with CSS variables), but leaves TypeScript ones as written for the next compile step. The
 * same fallback is added to those.
 */
import type { Statement } from "@babel/types";
import type { SFCDescriptor, SFCScriptBlock, SFCScriptCompileOptions } from "vue/compiler-sfc";

export function withDefaultExport(descriptor: SFCDescriptor, options: SFCScriptCompileOptions, script: SFCScriptBlock): SFCScriptBlock {
  const needsDefault = !descriptor.scriptSetup && !options.genDefaultAs && script.scriptAst && !hasDefaultExport(script.scriptAst);
  return needsDefault ? { ...script, content: `${script.content}\nexport default {};\n` } : script;
}

function hasDefaultExport(body: readonly Statement[]): boolean {
  return body.some(
    (statement) =>
      statement.type === "ExportDefaultDeclaration" ||
      (statement.type === "ExportNamedDeclaration" &&
        statement.specifiers.some((specifier) => (specifier.exported.type === "Identifier" ? specifier.exported.name : specifier.exported.value) === "default")),
  );
}
