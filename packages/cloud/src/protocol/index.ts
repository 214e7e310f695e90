// The server API's shapes and constants, shared by @blockyard/cloud and apps/server.
export type {
  ApiErrorBody,
  ApiLimits,
  ClientConfig,
  CloudProject,
  CloudProjectSummary,
  CloudProjectVersionSummary,
  IdentityProviderInfo,
  IdpPicture,
  LoginQuery,
  LoginResponse,
  LogoutResponse,
  PatchOperation,
  ProfileUpdate,
  ProjectConflictBody,
  PublishRequest,
  PublishResponse,
  ReportReason,
  ReportRequest,
  SaveCloudProjectRequest,
  ScriptMeta,
  SharedStoreValue,
  SharedVersion,
  UserPreferences,
  UserProfile,
} from './api-types.ts';
export {
  AUTH_CALLBACK_PARAM,
  AUTH_CALLBACK_PATH,
  AUTH_COOKIE,
  DEFAULT_LIMITS,
  REPORT_REASONS,
  SUCCESS_STATUSES,
  TARGET_HEADER,
  UNPUBLISH_KEY_HEADER,
} from './api-types.ts';
export { defaultPreferences, FORBIDDEN_POINTER_SEGMENTS, pointerSegments } from './preferences.ts';
export { isPublishedScriptId, SCRIPT_ID_ALPHABET, SCRIPT_ID_LENGTH, scriptIdFromBytes } from './script-ids.ts';
