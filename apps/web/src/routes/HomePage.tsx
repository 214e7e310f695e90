import { Link, useNavigate } from '@tanstack/react-router';
import { BookOpen, FolderOpen, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import './home-page.css';

export function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="page home-page">
      <section className="home-hero" aria-labelledby="home-title">
        <div>
          <h1 id="home-title">{t('home.title')}</h1>
          <p className="home-intro">{t('home.intro')}</p>
          <button
            type="button"
            className="button button-primary home-new"
            onClick={() => void navigate({ to: '/projects/$id', params: { id: 'new' } })}
          >
            <Plus aria-hidden="true" size={22} />
            {t('home.newProject')}
          </button>
        </div>
        <HeroArt />
      </section>
      <div className="home-grid">
        <section className="card" aria-labelledby="home-projects">
          <h2 id="home-projects">
            <FolderOpen aria-hidden="true" size={26} /> {t('home.myProjects')}
          </h2>
          <p>{t('home.noProjects')}</p>
        </section>
        <section className="card" aria-labelledby="home-learn">
          <h2 id="home-learn">
            <BookOpen aria-hidden="true" size={26} /> {t('home.learnTitle')}
          </h2>
          <p>{t('home.learnText')}</p>
          <Link to="/docs/$" params={{ _splat: '' }} className="button button-secondary">
            {t('home.openDocs')}
          </Link>
        </section>
      </div>
    </div>
  );
}

/** A friendly picture of a board showing a heart; decorative. */
function HeroArt() {
  const heart = ['01010', '11111', '11111', '01110', '00100'];
  return (
    <svg className="home-hero-art" viewBox="0 0 220 180" aria-hidden="true" focusable="false">
      <rect x="10" y="10" width="200" height="160" rx="24" fill="var(--color-header-bg)" />
      <rect x="30" y="30" width="160" height="120" rx="16" fill="#1d2433" />
      {heart.flatMap((row, y) =>
        [...row].map((cell, x) => (
          <rect
            key={`${x}-${y}`}
            x={62 + x * 20}
            y={42 + y * 20}
            width="14"
            height="14"
            rx="3"
            fill={cell === '1' ? '#ff6b6b' : '#39425a'}
          />
        )),
      )}
    </svg>
  );
}
