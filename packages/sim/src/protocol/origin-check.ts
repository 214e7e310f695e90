// Which window messages a simulator frame listens to (spec 002 §5): messages from origins outside
// the allow-list are ignored, unless the frame itself is served from a local host (development,
// tests), where any origin may drive it. The frame passes its own origin in the allow-list, so
// the editor that served it is always allowed. The page flag `nolocalhost=1` (spec 000 §2) turns
// local-host mode off: the allow-list then holds on this machine too.

/** Host names that count as "local": this machine. */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === '0.0.0.0'
  );
}

export interface OriginPolicy {
  /** Origins (scheme://host[:port]) whose messages are accepted. */
  allowedOrigins: readonly string[];
  /** The frame's own host name; a local host accepts every origin. */
  hostname: string;
  /** False with `nolocalhost=1`: a local host is treated like any other. Default true. */
  localHostMode?: boolean;
}

/** True when a message from `origin` may be acted on under `policy`. */
export function isAllowedOrigin(origin: string, policy: OriginPolicy): boolean {
  if (policy.localHostMode !== false && isLocalHost(policy.hostname)) return true;
  return policy.allowedOrigins.includes(origin);
}
