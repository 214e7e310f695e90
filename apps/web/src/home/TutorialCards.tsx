import { Link } from '@tanstack/react-router';
import { GraduationCap } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TutorialCardInfo } from '../tutorials/tutorial-catalog.ts';
import { OpenTutorial } from '../tutorials/OpenTutorial.tsx';
import { LedArt } from '../ui/LedArt.tsx';

const levelColours: Record<string, string> = {
  'first steps': 'var(--color-accent-mint)',
  'next steps': 'var(--color-accent-violet)',
  makers: 'var(--color-accent-coral)',
};

/**
 * Our tutorials as cards; each opens /tutorials/{id}, which makes the learner's project. Memoized:
 * the home page re-renders when a dialog opens, and these cards are a third of its elements.
 */
export const TutorialCards = memo(function TutorialCards({ cards }: { cards: readonly TutorialCardInfo[] }) {
  const { t } = useTranslation();
  return (
    <section className="home-section" aria-labelledby="home-tutorials">
      <h2 id="home-tutorials">
        <GraduationCap aria-hidden="true" size={26} /> {t('home.tutorials')}
      </h2>
      <p className="home-section-intro">{t('home.tutorialsIntro')}</p>
      <ul className="card-grid">
        {cards.map((card) => (
          <li key={card.id} className="example-card">
            <Link
              to="/tutorials/$id"
              params={{ id: card.id }}
              className="example-card-button"
              aria-label={t('home.startTutorial', { name: card.title })}
            >
              <span className="example-card-art">
                <LedArt pattern={card.leds} colour={levelColours[card.level] ?? 'var(--color-accent-sun)'} />
              </span>
              <span className="example-card-name">{card.title}</span>
              <span className="example-card-description">{card.description}</span>
            </Link>
          </li>
        ))}
      </ul>
      <OpenTutorial />
    </section>
  );
});
