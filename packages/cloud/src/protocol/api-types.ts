// The server API's request and answer shapes (spec 000 §7, spec 001 §7), shared by the client
// (@blockyard/cloud) and the server (apps/server), so both sides speak one protocol.

/** Every account call names the target it works for (spec 000 §7). */
export const TARGET_HEADER = 'x-blockyard-target';
/** `DELETE /api/{id}`: the key given at publishing, for a browser that is not the signed-in owner. */
export const UNPUBLISH_KEY_HEADER = 'x-unpublish-key';
/** The sign-in callback's marker in the page address (spec 000 §2). */
export const AUTH_CALLBACK_PARAM = 'authcallback';
/** Where the browser returns from the identity provider, on the server. */
export const AUTH_CALLBACK_PATH = '/api/auth/callback';
/** The cookie paired with the token: both must come with an account call. */
export const AUTH_COOKIE = 'blockyard_auth';

/** Statuses the client accepts as success (spec 000 §9); anything else is an error. */
export const SUCCESS_STATUSES: readonly number[] = [200, 201, 202, 304];

/** An identity provider the server can sign people in with (spec 000 §3). */
export interface IdentityProviderInfo {
  id: string;
  order: number;
  /** True when the provider gives an identity (only those can sign people in: spec 000 §5). */
  identity: boolean;
  displayName: string;
}

/** `GET /api/clientconfig`. */
export interface ClientConfig {
  /** Where cacheable files are served from (here: this server). */
  primaryCdnUrl: string;
  /** Sign-in is possible on this server. */
  authEnabled: boolean;
  identityProviders: IdentityProviderInfo[];
  /** The local development shared storage (spec 001 §7), when one runs. */
  sharedStoreUrl: string | null;
  limits: ApiLimits;
}

/** Sizes the server refuses beyond; the client checks first, to explain before sending. */
export interface ApiLimits {
  /** Characters of all files of a project together. */
  maxProjectCharacters: number;
  maxProjectFiles: number;
  /** Characters of a shared snapshot: files, history and thumbnail together. */
  maxShareCharacters: number;
  /** Characters of a thumbnail data URL. */
  maxThumbnailCharacters: number;
  /** Versions of history a share may carry. */
  maxShareHistory: number;
  /** Characters of a user's preferences as JSON. */
  maxPreferencesCharacters: number;
  /** Operations in one preference patch. */
  maxPatchOperations: number;
}

export const DEFAULT_LIMITS: ApiLimits = {
  maxProjectCharacters: 2_000_000,
  maxProjectFiles: 64,
  maxShareCharacters: 4_000_000,
  maxThumbnailCharacters: 300_000,
  maxShareHistory: 30,
  maxPreferencesCharacters: 65_536,
  maxPatchOperations: 200,
};

/** `GET /api/auth/login` (spec 000 §7). */
export interface LoginQuery {
  response_type: 'token';
  provider: string;
  persistent: boolean;
  redirect_uri: string;
  prompt: 'select_account' | 'silent';
}

export interface LoginResponse {
  success: boolean;
  /** A secret the browser keeps and later presents to claim its session (POST /api/otac/check). */
  authCodeVerifier: string;
  /** Where to send the browser: the identity provider's sign-in page. */
  loginUrl: string;
}

/** `GET /api/auth/logout`. */
export interface LogoutResponse {
  logoutUrl: string;
}

/** A picture as spec 000 §3 describes it; always a data URL here, never a remote address. */
export interface IdpPicture {
  encoded?: string;
  mimeType?: string;
  dataUrl?: string;
}

/** `GET /api/user/profile` (spec 000 §3). */
export interface UserProfile {
  id: string;
  username: string;
  avatarUrl: string | null;
  idp: {
    provider: string;
    displayName: string;
    username: string;
    picture: IdpPicture;
  };
}

/** `POST /api/user/profile`: what a user may change. */
export interface ProfileUpdate {
  id: string;
  username: string;
  avatarUrl: string | null;
}

/** Spec 000 §3 preferences; unknown keys are kept (newer clients may add some). */
export interface UserPreferences {
  language: string;
  highContrast: boolean;
  colorThemeIds: Record<string, string>;
  reader: string;
  skillmap: { mapProgress: Record<string, unknown>; completedTags: Record<string, unknown> };
  email: boolean;
  [key: string]: unknown;
}

/** One RFC 6902 operation (spec 000 §7: op, path, value). */
export interface PatchOperation {
  op: 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test';
  path: string;
  value?: unknown;
  from?: string;
}

/** What lists and sync need of a cloud project. Times are epoch milliseconds. */
export interface CloudProjectSummary {
  id: string;
  name: string;
  revision: number;
  updatedAt: number;
  size: number;
  /** In the cloud's trash (deleted on some device); kept so other devices can follow. */
  deleted: boolean;
}

export interface CloudProject extends CloudProjectSummary {
  files: Record<string, string>;
}

/** `PUT /api/projects/{id}`: compare-and-set on `baseRevision` (0 creates). */
export interface SaveCloudProjectRequest {
  name: string;
  files: Record<string, string>;
  baseRevision: number;
  /** Puts it in the cloud's trash (true) or takes it out (false, and when omitted). */
  trashed?: boolean;
}

export interface CloudProjectVersionSummary {
  revision: number;
  name: string;
  savedAt: number;
  size: number;
}

/** One version of a project's history carried by a share (for `timeMachine=1`). */
export interface SharedVersion {
  time: number;
  name: string;
  files: Record<string, string>;
}

/** `POST /api/scripts`: publish a snapshot. */
export interface PublishRequest {
  name: string;
  description?: string;
  files: Record<string, string>;
  /** A PNG data URL of the simulator. */
  thumbnail?: string;
  /** Earlier versions, oldest first, when the learner chose to include them. */
  history?: SharedVersion[];
}

export interface PublishResponse {
  id: string;
  /** The share page: `{origin}/{id}`. */
  url: string;
  /** Lets this browser unpublish an anonymous share; shown once, stored only as a hash. */
  unpublishKey: string;
}

/** `GET /api/{id}`: a shared script's meta (spec 001 §7). Times are epoch seconds, like MakeCode's. */
export interface ScriptMeta {
  kind: 'script';
  id: string;
  name: string;
  description: string;
  time: number;
  target: string;
  editor: string;
  /** A thumbnail exists at `/api/{id}/thumb`. */
  thumbnail: boolean;
  /** Versions of history carried (0 when none): `/api/{id}/history`. */
  historyLength: number;
  /** True when the signed-in caller published it (so they may unpublish). */
  mine: boolean;
}

/** `POST /api/{id}/report`. */
export interface ReportRequest {
  reason: ReportReason;
  details?: string;
}

export const REPORT_REASONS = ['unkind', 'personal-information', 'inappropriate', 'copied', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The shape of every error answer (Fastify's own). */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  /** Plain words for the person; the client shows them. */
  message: string;
  /** A stable name for programs, when there is one (e.g. `conflict`, `too-large`, `rate-limited`). */
  code?: string;
}

/** A 409 answer to a project save: the cloud's current project. */
export interface ProjectConflictBody extends ApiErrorBody {
  code: 'conflict';
  current: CloudProject;
}

/** Spec 001 §7 shared storage value. */
export interface SharedStoreValue {
  type: 'json' | 'text';
  val: unknown;
}
