// The steps of a tab switch as performance measures (`blockyard:switch:<step>`), each from the
// step before it: the python-tab benchmark reads them to say where the first switch's time goes.

let last: number | undefined;
/** The session showed the new tab's text: the next editor on the page ends the switch. */
let applied = false;

/** A switch starts (the tab was pressed). */
export function startSwitchTiming(): void {
  last = performance.now();
  applied = false;
}

/** A step of the switch under way ended now (`apply`: the session took the new tab's texts). */
export function switchStep(step: string): void {
  if (last === undefined) return;
  const now = performance.now();
  try {
    performance.measure(`blockyard:switch:${step}`, { start: last, end: now });
  } catch {
    // Timing is a nicety: never let it break a switch.
  }
  last = now;
  if (step === 'apply') applied = true;
}

/** An editor is on the page (its effects ran): the end of a switch once the session applied it. */
export function switchShown(): void {
  if (!applied) return;
  switchStep('editor-shown');
  last = undefined;
  applied = false;
}
