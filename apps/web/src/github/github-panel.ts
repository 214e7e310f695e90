// What each part of a linked project's GitHub dialog gets from the dialog: the workflow, the
// link, whether a call is running, and the dialog's way to run one (its refusal shown at the top).
import type { GitHubLink } from '@blockyard/cloud';
import type { GitHubWorkflow } from './github-workflow.ts';

export interface GitHubPanelProps {
  workflow: GitHubWorkflow;
  link: GitHubLink;
  busy: boolean;
  /** Runs a call with the dialog busy; its failure is said at the top. True when it worked. */
  act: (work: () => Promise<void>) => Promise<boolean>;
  /** Says a failure at the top (for lists loaded without the dialog being busy). */
  fail: (error: unknown) => void;
  /** Says what just happened, at the top. */
  say: (notice: string) => void;
}
