/** A 5x5 LED picture: `pattern` is 25 characters read row by row, "1" for a lit LED. Decorative. */
export function LedArt({ pattern, colour = 'var(--color-accent-coral)' }: { pattern: string; colour?: string }) {
  const cells = [...pattern.padEnd(25, '0').slice(0, 25)];
  return (
    <svg className="led-art" viewBox="0 0 120 120" aria-hidden="true" focusable="false">
      <rect x="0" y="0" width="120" height="120" rx="18" className="led-art-board" />
      {cells.map((cell, i) => (
        <rect
          key={i}
          x={14 + (i % 5) * 19}
          y={14 + Math.floor(i / 5) * 19}
          width="15"
          height="15"
          rx="3"
          className={cell === '1' ? 'led-art-on' : 'led-art-off'}
          style={cell === '1' ? { fill: colour } : undefined}
        />
      ))}
    </svg>
  );
}

const colours = [
  'var(--color-accent-coral)',
  'var(--color-accent-mint)',
  'var(--color-accent-sun)',
  'var(--color-accent-violet)',
];

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/**
 * Placeholder art for a project until the simulator can take a picture: a left-right
 * symmetric LED pattern and colour picked from the project id, so each card looks its own.
 */
export function projectArt(id: string): { pattern: string; colour: string } {
  let bits = hash(id);
  const rows: string[] = [];
  for (let y = 0; y < 5; y++) {
    const half = [0, 1, 2].map(() => {
      const on = bits & 1;
      bits = bits >>> 1 || hash(`${id}:${y}`);
      return on ? '1' : '0';
    });
    rows.push(`${half[0]}${half[1]}${half[2]}${half[1]}${half[0]}`);
  }
  let pattern = rows.join('');
  if (!pattern.includes('1')) pattern = '0000000100011100010000000';
  return { pattern, colour: colours[hash(id) % colours.length] ?? colours[0]! };
}
