import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import './promotion.css';

const cards = [
  { to: paths.global, title: 'Global Promotion', text: 'TikTok, YouTube, radio, TV, print, playlists and charts.' },
  { to: paths.promotion, title: 'In-App Promotion', text: 'Put your beat, audio or video in front of Zuum listeners.' },
  { to: paths.distribution, title: 'Global Distribution', text: 'Release your music to streaming platforms.' },
];

/** The Creator Hub (spec part 2 §2): cards to the promotion and distribution screens. */
export function CreatorHubPage() {
  return (
    <div className="promo-page creator-hub">
      <h1>Creator Hub</h1>
      <ul className="hub-cards">
        {cards.map((card) => (
          <li key={card.to}>
            <Link to={card.to} className="hub-card">
              <strong>{card.title}</strong>
              <span className="muted">{card.text}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Link to={paths.myPromotions} className="btn btn-primary hub-floating">
        My Promotions
      </Link>
    </div>
  );
}
