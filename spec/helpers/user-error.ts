/** The UserError a call throws, for tests of refusals; anything else (or nothing) fails the test. */
import { UserError } from "../../compiler/diagnostics.ts";

export function userErrorFrom(run: () => unknown): UserError {
  try {
    run();
  } catch (cause) {
    if (cause instanceof UserError) return cause;
    throw cause;
  }
  throw new Error("expected a UserError");
}
