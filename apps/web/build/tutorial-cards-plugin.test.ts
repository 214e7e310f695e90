import { describe, expect, it } from 'vitest';
import { tutorialCards } from './tutorial-cards-plugin.ts';

const markdown = `# Lucky dice

### @description Shake the board to roll a die

## Step 1

Shake it.
`;

describe('tutorial cards at build time', () => {
  it('takes the title and description from the markdown, the rest from the list, in its order', () => {
    const list = [
      { id: 'dice', level: 'first steps', leds: '1'.repeat(25) },
      { id: 'missing', level: 'makers', leds: '0'.repeat(25) },
      { id: 'untitled', level: 'makers', leds: '0'.repeat(25) },
    ];
    const sources: Record<string, string> = { dice: markdown, untitled: '## Step 1\n\nNo title here.\n' };
    const cards = tutorialCards(list, (id) => sources[id]);
    expect(cards).toEqual([
      {
        id: 'dice',
        level: 'first steps',
        leds: '1'.repeat(25),
        title: 'Lucky dice',
        description: 'Shake the board to roll a die',
      },
      { id: 'untitled', level: 'makers', leds: '0'.repeat(25), title: 'untitled', description: '' },
    ]);
  });
});
