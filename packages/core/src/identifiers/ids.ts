/**
 * Shared-script ids and UUIDs (spec 001 §5): a script id is "_" and 12 letters or digits, or an
 * optional "S" and 20 digits in four groups of five ("S12345-12345-12345-12345", 23 characters).
 */
const SCRIPT_ID = /^(_[A-Za-z0-9]{12}|S?\d{5}-\d{5}-\d{5}-\d{5})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isScriptId(text: string): boolean {
  return SCRIPT_ID.test(text);
}

/**
 * The script id in a bare id or a share link (https://host/_abcdefghijkl, …/#pub:_abc…); null
 * when there is none.
 */
export function parseScriptId(text: string): string | null {
  const trimmed = text.trim();
  if (isScriptId(trimmed)) return trimmed;
  const match = /^https?:\/\/[^/\s]+\/(?:[^\s]*[/#:])?(_[A-Za-z0-9]{12}|S?\d{5}-\d{5}-\d{5}-\d{5})\/?$/.exec(trimmed);
  return match ? match[1]! : null;
}

export function isUuid(text: string): boolean {
  return UUID.test(text);
}
