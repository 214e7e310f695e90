import { describe, expect, it } from 'vitest';
import { loadTutorial, tutorialCards } from './tutorial-catalog.ts';

describe('tutorial catalogue', () => {
  it('lists every tutorial of tutorials.json with its title and description', () => {
    expect(tutorialCards().length).toBeGreaterThanOrEqual(12);
    for (const card of tutorialCards()) {
      expect(card.title, card.id).not.toBe(card.id);
      expect(card.description, card.id).not.toBe('');
      expect(card.leds, card.id).toMatch(/^[01]{25}$/);
    }
  });

  it('parses a tutorial with its steps and template, and knows no unknown ones', () => {
    const heart = loadTutorial('flashing-heart');
    expect(heart?.title).toBe('Flashing heart');
    expect(heart?.steps.length).toBeGreaterThan(3);
    expect(heart?.templateCode).toContain('basic.forever');
    expect(loadTutorial('no-such-tutorial')).toBeUndefined();
  });
});
