/** What pure code may know about the host, passed in instead of reading `navigator`. */
export interface Platform {
  userAgent: string;
  languages: readonly string[];
  online: boolean;
}
