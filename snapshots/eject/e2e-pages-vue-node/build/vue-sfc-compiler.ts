/**
 * Vue's SFC compiler as the SFC plugin is given it: the app's own (vue is a peer dependency, so
 * it resolves to the app's copy), with the script compile taking two things pages write that Vue
 * alone would refuse: `InferProps<…>` in `defineProps` (vue-infer-props.ts) and a `<script lang="ts">`
 * with page exports and no component (vue-default-export.ts).
 */
import { createRequire } from "node:module";
import { withDefaultExport } from "./vue-default-export.ts";
import { withoutInferProps } from "./vue-infer-props.ts";

type SfcCompiler = typeof import("vue/compiler-sfc");

export function sfcCompiler(): SfcCompiler {
  const compiler = createRequire(import.meta.url)("vue/compiler-sfc") as SfcCompiler;
  return {
    ...compiler,
    compileScript(descriptor, options) {
      const blanked = withoutInferProps(descriptor);
      const script = compiler.compileScript(blanked ?? descriptor, options);
      // Offsets are the same in both texts: the map is right for the file as written.
      if (blanked && script.map) {
        script.map.sourcesContent = script.map.sourcesContent?.map((content) => (content === blanked.source ? descriptor.source : content));
      }
      return withDefaultExport(descriptor, options, script);
    },
  };
}
