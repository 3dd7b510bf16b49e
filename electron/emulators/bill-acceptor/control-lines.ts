/**
 * How an emulator answers one control line, the same for every emulated unit: the first word picks the
 * control, the second is its argument; the answer is "ok <line>", the control's own answer (a status), "error
 * <why>" when the control refused, an error listing the controls for an unknown word, and "" for an empty
 * line. The controls themselves are each emulator's own (bill-acceptor-controls.ts, id003/id003-controls.ts).
 */

/** One control: returns its own answer, or nothing for "ok <line>"; throws to refuse, saying why. */
export type ControlAction = (arg: string | undefined) => string | void;

export type ControlTable = Readonly<Record<string, ControlAction>>;

export function answerControlLine(line: string, controls: ControlTable, unknown: (verb: string) => string): string {
  const [verb, arg] = line.trim().split(/\s+/);
  if (verb === undefined || verb === '') return '';
  const control = Object.hasOwn(controls, verb) ? controls[verb] : undefined;
  if (!control) return unknown(verb);
  try {
    return control(arg) ?? `ok ${line.trim()}`;
  } catch (error) {
    return `error ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** "on" or "off", else a refusal saying so. */
export function onOff(arg: string | undefined): boolean {
  if (arg !== 'on' && arg !== 'off') throw new Error('say on or off');
  return arg === 'on';
}
