/** One file an emitter writes. */
export interface EmittedFile {
  /** Path relative to the generated folder, POSIX. */
  path: string;
  content: string;
}
