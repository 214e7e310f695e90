import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExampleCard, GallerySection } from '../examples/gallery.ts';
import { LedArt } from '../ui/LedArt.tsx';

const sectionColours = [
  'var(--color-accent-coral)',
  'var(--color-accent-violet)',
  'var(--color-accent-mint)',
  'var(--color-accent-sun)',
];

/**
 * The examples gallery: sections of cards; opening one makes the learner's own copy. Memoized (with
 * a steady `onOpen`): the home page re-renders when a dialog opens, and these cards are about half
 * of its elements.
 */
export const ExamplesGallery = memo(function ExamplesGallery({
  sections,
  onOpen,
}: {
  sections: readonly GallerySection[];
  onOpen: (card: ExampleCard) => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="home-section" aria-labelledby="home-examples">
      <h2 id="home-examples">{t('home.examples')}</h2>
      <p className="home-section-intro">{t('home.examplesIntro')}</p>
      {sections.map((section, index) => (
        <section key={section.id} className="gallery-section" aria-labelledby={`gallery-${section.id}`}>
          <h3 id={`gallery-${section.id}`}>{section.name}</h3>
          <ul className="card-grid">
            {section.cards.map((card) => (
              <li key={card.url} className="example-card">
                <button
                  type="button"
                  className="example-card-button"
                  aria-label={t('home.openExample', { name: card.name })}
                  onClick={() => onOpen(card)}
                >
                  <span className="example-card-art">
                    <LedArt pattern={card.leds} colour={sectionColours[index % sectionColours.length]} />
                  </span>
                  <span className="example-card-name">{card.name}</span>
                  <span className="example-card-description">{card.description}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
});
