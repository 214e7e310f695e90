/** The LEDs' squares in the 120x120 picture: 15 wide, 19 apart, rounded by 3. */
const LED_SIZE = 15;
const LED_PITCH = 19;
const LED_INSET = 14;
const LED_RADIUS = 3;

/**
 * One rounded square per LED, as path commands: all lit LEDs go into one path and all unlit
 * ones into another, so a picture is three elements instead of 26. The home page shows about
 * 25 of them; as separate rects they were 680 of its 960 elements, which the first render,
 * style and layout all paid for (bench first-minute).
 */
export function ledSquaresPath(pattern: string, lit: boolean): string {
  const side = LED_SIZE - 2 * LED_RADIUS;
  const corner = (dx: number, dy: number) => `a${LED_RADIUS} ${LED_RADIUS} 0 0 1 ${dx} ${dy}`;
  let path = '';
  for (let i = 0; i < 25; i++) {
    if ((pattern[i] === '1') !== lit) continue;
    const x = LED_INSET + (i % 5) * LED_PITCH;
    const y = LED_INSET + Math.floor(i / 5) * LED_PITCH;
    path +=
      `M${x + LED_RADIUS} ${y}h${side}${corner(LED_RADIUS, LED_RADIUS)}v${side}${corner(-LED_RADIUS, LED_RADIUS)}` +
      `h${-side}${corner(-LED_RADIUS, -LED_RADIUS)}v${-side}${corner(LED_RADIUS, -LED_RADIUS)}z`;
  }
  return path;
}

/** A 5x5 LED picture: `pattern` is 25 characters read row by row, "1" for a lit LED. Decorative. */
export function LedArt({ pattern, colour = 'var(--color-accent-coral)' }: { pattern: string; colour?: string }) {
  const cells = pattern.padEnd(25, '0').slice(0, 25);
  const on = ledSquaresPath(cells, true);
  const off = ledSquaresPath(cells, false);
  return (
    <svg className="led-art" viewBox="0 0 120 120" aria-hidden="true" focusable="false">
      <rect x="0" y="0" width="120" height="120" rx="18" className="led-art-board" />
      {off ? <path d={off} className="led-art-off" /> : null}
      {on ? <path d={on} className="led-art-on" style={{ fill: colour }} /> : null}
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
