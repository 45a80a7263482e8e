// Modules the build takes that TypeScript cannot read by itself.

/** A CSS module: its classes, each to its scoped name. */
declare module "*.module.css" {
  const classes: { readonly [className: string]: string };
  export default classes;
}

/** A stylesheet imported for its side effect; the build links it from the pages that load it. */
declare module "*.css" {}{{components}}
