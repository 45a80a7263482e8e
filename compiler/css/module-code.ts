/**
 * The JavaScript a CSS module becomes, as Vite writes it: the class map as the default export and
 * each class whose name is a legal identifier as a named export of its own.
 */

/** Names a named export cannot take: JavaScript's reserved words, as @rollup/pluginutils' dataToEsm skips them. */
const RESERVED = new Set(
  ("break case class catch const continue debugger default delete do else export extends finally for function if import in " +
    "instanceof let new return super switch this throw try typeof var void while with yield enum await implements package " +
    "protected static interface private public arguments eval null true false undefined NaN Infinity").split(" "),
);

export function isLegalIdentifier(name: string): boolean {
  return /^[A-Za-z_$][\w$]*$/.test(name) && !RESERVED.has(name);
}

export function cssModuleCode(classes: Readonly<Record<string, string>>): string {
  const named = Object.entries(classes)
    .filter(([name]) => isLegalIdentifier(name))
    .map(([name, scoped]) => `export const ${name} = ${JSON.stringify(scoped)};\n`);
  return `${named.join("")}export default ${JSON.stringify(classes)};\n`;
}
