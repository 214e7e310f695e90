import { describe, expect, it } from 'vitest';
import galleryJson from '../../../../content/examples/gallery.json';
import { exampleIds, loadExampleFiles } from './example-files.ts';
import { parseGallery } from './gallery.ts';

describe('parseGallery', () => {
  it('reads sections and cards and logs what it skips', () => {
    const logged: string[] = [];
    const sections = parseGallery(
      [
        { id: 'a', name: 'Start', cards: [{ url: 'dice', name: 'Dice', leds: '1' }, { name: 'no url' }] },
        { name: 'No cards' },
        null,
      ],
      (m) => logged.push(m),
    );
    expect(sections).toEqual([
      {
        id: 'a',
        name: 'Start',
        cards: [{ url: 'dice', name: 'Dice', description: '', leds: '1', cardType: 'example', editor: 'js' }],
      },
    ]);
    expect(logged).toHaveLength(3);
    expect(parseGallery({ not: 'a list' }, (m) => logged.push(m))).toEqual([]);
  });
});

describe('our examples', () => {
  const sections = parseGallery(galleryJson, (message) => {
    throw new Error(message);
  });

  it('has at least 8 examples in sections, each a real project folder', async () => {
    const cards = sections.flatMap((s) => s.cards);
    expect(cards.length).toBeGreaterThanOrEqual(8);
    expect(new Set(cards.map((c) => c.url)).size).toBe(cards.length);
    expect((await exampleIds()).sort()).toEqual(cards.map((c) => c.url).sort());
    for (const card of cards) {
      expect(card.leds, card.url).toMatch(/^[01]{25}$/);
      const files = await loadExampleFiles(card.url);
      expect(Object.keys(files).sort(), card.url).toEqual(['README.md', 'main.ts', 'pxt.json']);
      const config = JSON.parse(files['pxt.json'] ?? '') as { name: string; files: string[]; dependencies: object };
      expect(config.name, card.url).toBe(card.name);
      expect(config.files.sort()).toEqual(['README.md', 'main.ts']);
      expect(config.dependencies).toHaveProperty('core');
      expect(files['main.ts']).toMatch(/basic\.|input\.|music\.|radio\./);
      expect(files['README.md']?.trim().split('\n').at(-1)).toBe(card.description);
    }
  });

  it('refuses an example that does not exist', async () => {
    await expect(loadExampleFiles('no-such-example')).rejects.toThrow('no-such-example');
  });
});
