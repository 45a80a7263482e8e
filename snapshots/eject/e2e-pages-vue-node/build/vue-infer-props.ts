/**
 * `defineProps<InferProps<typeof loader>>()` in a page's `<script setup lang="ts">`. Vue's SFC
 * compiler derives runtime props from the type it is given, and TypeScript alone can compute this
 * one (from the loader's code), so the compiler would stop on it. Vue compiles a copy of the
 * component in which every `InferProps<…>` of its scripts reads `{}`, padded to the same length,
 * so every offset, and so every source map, holds for the file as written; type checking reads the
 * file as written too. The Vue adapter declares the loader's keys at run time
 * (runtime/ui/vue/page-props.ts).
 */
import type { SFCDescriptor, SFCScriptBlock } from "vue/compiler-sfc";

const INFER_PROPS = /\bInferProps\s*</g;

/** The descriptor with `InferProps<…>` blanked in its scripts, or null when they have none. */
export function withoutInferProps(descriptor: SFCDescriptor): SFCDescriptor | null {
  const blocks = [descriptor.script, descriptor.scriptSetup].filter((block): block is SFCScriptBlock => block !== null);
  let source = descriptor.source;
  for (const block of blocks) {
    for (const [start, end] of inferPropsRanges(block.content)) source = blank(source, block.loc.start.offset + start, block.loc.start.offset + end);
  }
  if (source === descriptor.source) return null;
  const blanked = (block: SFCScriptBlock | null): SFCScriptBlock | null => {
    if (!block) return null;
    const content = source.slice(block.loc.start.offset, block.loc.end.offset);
    return { ...block, content, loc: { ...block.loc, source: content } };
  };
  return { ...descriptor, source, script: blanked(descriptor.script), scriptSetup: blanked(descriptor.scriptSetup) };
}

/** Where each `InferProps<…>` in `code` starts and ends (after its closing `>`). */
function inferPropsRanges(code: string): [number, number][] {
  const ranges: [number, number][] = [];
  for (const match of code.matchAll(INFER_PROPS)) {
    let depth = 0;
    for (let at = match.index + match[0].length - 1; at < code.length; at++) {
      if (code[at] === "<") depth++;
      // `=>` in a function type is no closing bracket.
      else if (code[at] === ">" && code[at - 1] !== "=" && --depth === 0) {
        ranges.push([match.index, at + 1]);
        break;
      }
    }
  }
  return ranges;
}

/** `{}` and spaces in place of text[start, end), line breaks kept. */
function blank(text: string, start: number, end: number): string {
  return `${text.slice(0, start)}{}${text.slice(start + 2, end).replace(/[^\r\n]/g, " ")}${text.slice(end)}`;
}
