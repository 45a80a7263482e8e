/** Commands with actions (`sdk db migrate`, `sdk account login`): finding the action, or saying what the group has. */
import { closest } from "../compiler/config/hints.js";
import { error, UserError } from "../compiler/diagnostics.js";

/**
 * `noun` completes "`sdk db frob` is not …" (a database command); without it the action typed is
 * not repeated, for groups where it may be a value typed on the command line (`sdk secret`).
 */
export function findAction<Actions extends Record<string, unknown>>(group: string, actions: Actions, action: string, noun?: string): Actions[keyof Actions] {
  if (Object.hasOwn(actions, action)) return actions[action as keyof Actions];
  const message = noun ? `\`sdk ${group} ${action}\` is not ${noun}.` : `\`sdk ${group}\` has no action by that name.`;
  // The suggestion names a known action only, so it never repeats what was typed.
  const meant = closest(action, Object.keys(actions));
  const list = `sdk ${group} ${Object.keys(actions).join(`, sdk ${group} `)}`;
  throw new UserError([error("SDK_UNKNOWN_COMMAND", message, { hint: meant ? `Did you mean \`sdk ${group} ${meant}\`? The actions: ${list}.` : `Use ${list}.` })]);
}
