import type { PageFlags } from '../app/page-flags.ts';

/**
 * Whether pages show Blockyard's own header (logo, settings, account). Embeds show none (spec 001
 * §2): the sandbox layout (`sandbox=1`, or any frame), the compact widget (`nosandbox=1`),
 * controller mode and the time machine are parts of someone else's page.
 */
export function showsAppChrome(flags: Pick<PageFlags, 'layout' | 'controllerMode' | 'timeMachine'>): boolean {
  return flags.layout === 'ide' && !flags.controllerMode && !flags.timeMachine;
}
