/** One binding of a worker upload's `metadata.bindings`: its type, the name the code reads it by, and the type's own fields. */
export interface MetadataBinding {
  type: string;
  name: string;
  [field: string]: unknown;
}
