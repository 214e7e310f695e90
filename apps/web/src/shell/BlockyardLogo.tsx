/** The Blockyard mark: two stacked blocks on a rounded tile. Decorative; the link carries the name. */
export function BlockyardLogo({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect x="4" y="4" width="56" height="56" rx="14" fill="#ffffff" />
      <rect x="14" y="16" width="22" height="14" rx="4" fill="#ffc145" />
      <rect x="22" y="34" width="28" height="14" rx="4" fill="#4cc9a0" />
    </svg>
  );
}
