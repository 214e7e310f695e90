/**
 * The examples gallery (spec 000 §3): a list of sections, each with a name and cards; card
 * fields are free key/value pairs. We read the ones we use and skip what does not fit: a bad
 * gallery is logged (spec 000 §8), never a broken home screen.
 */

export interface ExampleCard {
  /** The example's folder under content/examples/. */
  readonly url: string;
  readonly name: string;
  readonly description: string;
  /** 25 characters, "1" for a lit LED, for the card's picture. */
  readonly leds: string;
  readonly cardType: string;
  readonly editor: string;
}

export interface GallerySection {
  readonly id: string;
  readonly name: string;
  readonly cards: readonly ExampleCard[];
}

function text(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

export function parseGallery(value: unknown, log: (message: string) => void = () => undefined): GallerySection[] {
  if (!Array.isArray(value)) {
    log('Invalid gallery format: expected a list of sections.');
    return [];
  }
  const sections: GallerySection[] = [];
  for (const [index, entry] of (value as unknown[]).entries()) {
    const section = (entry ?? {}) as Record<string, unknown>;
    if (typeof section.name !== 'string' || !Array.isArray(section.cards)) {
      log(`Invalid gallery format: section ${index} needs a name and cards.`);
      continue;
    }
    const cards: ExampleCard[] = [];
    for (const raw of section.cards as unknown[]) {
      const card = (raw ?? {}) as Record<string, unknown>;
      if (typeof card.url !== 'string' || typeof card.name !== 'string') {
        log(`Invalid gallery format: a card of "${section.name}" needs a url and a name.`);
        continue;
      }
      cards.push({
        url: card.url,
        name: card.name,
        description: text(card.description),
        leds: text(card.leds, '0000000000001000000000000'),
        cardType: text(card.cardType, 'example'),
        editor: text(card.editor, 'js'),
      });
    }
    sections.push({ id: text(section.id, section.name), name: section.name, cards });
  }
  return sections;
}
