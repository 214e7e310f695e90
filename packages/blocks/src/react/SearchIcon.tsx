// The magnifying glass of the search box (lucide's picture, drawn inline).
import { Search } from 'lucide';

export function SearchIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {Search.map(([tag, attrs], index) =>
        tag === 'circle' ? (
          <circle key={index} cx={attrs['cx']} cy={attrs['cy']} r={attrs['r']} />
        ) : (
          <path key={index} d={String(attrs['d'] ?? '')} />
        ),
      )}
    </svg>
  );
}
