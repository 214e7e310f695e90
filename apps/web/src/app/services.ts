import type { ProjectSync, ShareClient } from '@blockyard/cloud';
import type { Clock, KeyValueStore, Platform } from '@blockyard/core';
import type { PageFlags } from './page-flags.ts';
import type { i18n } from 'i18next';
import type { AccountServices } from '../account/account-services.ts';
import type { ServerContent } from '../cloud/server-content.ts';
import type { BoardServices } from '../device/board-link.ts';
import type { Downloader } from '../downloads/downloader.ts';
import type { CompilerClient } from '@blockyard/compiler-worker/client';
import type { EditorEnvironment } from '../editor/editor-environment.ts';
import type { ExtensionHost } from '../extensions/project-extensions.ts';
import type { GitHubWorkflow } from '../github/github-workflow.ts';
import type { AppUpdate } from '../offline/app-update.ts';
import type { ProjectServices } from '../projects/project-services.ts';
import type { LanguageController } from '../settings/language-controller.ts';
import type { ThemeController } from '../settings/theme-controller.ts';

/** Everything with effects that screens use, chosen once in the composition root. */
export interface Services {
  /** The page address's flags (spec 000 §2, spec 001 §2), read once at start. */
  flags: PageFlags;
  clock: Clock;
  settingsStore: KeyValueStore;
  platform: Platform;
  i18n: i18n;
  theme: ThemeController;
  language: LanguageController;
  /** Project storage, the home screen's library, storage health (see docs/ARCHITECTURE.md). */
  projects: ProjectServices;
  /** Every file handed to the learner leaves through it (the download flags apply). */
  downloads: Downloader;
  /** The page's one compiler worker client (started on first use), made by the composition root. */
  compiler: CompilerClient;
  /** The editor's compiler worker and simulators; the browser's over `compiler` when omitted (tests pass in-process ones). */
  editor?: EditorEnvironment;
  /** Sign-in and the account, when a Blockyard server is behind the page; none in most tests. */
  account?: AccountServices;
  /** Share links (the Share dialog, the share page), when a Blockyard server is behind the page. */
  shares?: ShareClient;
  /** Cloud projects (statuses, sync with the signed-in account), when a Blockyard server is behind the page. */
  cloudProjects?: ProjectSync;
  /** Live translations, docs pages from the server and the shared storage (spec 000 §7, 001 §7). */
  content?: ServerContent;

  /** Extensions from a code host through the server's /api/gh proxy; without it, only built-in ones. */
  extensions?: ExtensionHost;
  /** GitHub projects through our server's write proxy; absent without a server behind the page. */
  github?: GitHubWorkflow;
  /** The micro:bit behind Connect and Download (WebUSB, or the emulated board); none in tests that do not need one. */
  board?: BoardServices;
  /** The offline copy's service worker and its "new version" notice; none in tests and dev. */
  appUpdate?: AppUpdate;
}
