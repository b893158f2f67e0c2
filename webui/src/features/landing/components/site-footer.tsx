import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/** Read once when the app loads. */
const YEAR = new Date().getFullYear();

/** Footer (spec §2): Products and Help links, each to a page of its own, and the copyright year. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <nav aria-label="Products">
        <h3>Products</h3>
        <Link to={paths.landing}>Home</Link>
        <Link to={paths.news}>News</Link>
        <Link to={paths.contact}>Contact Us</Link>
        <Link to={paths.about}>About Us</Link>
      </nav>
      <nav aria-label="Help">
        <h3>Help</h3>
        <Link to={paths.faq}>FAQ</Link>
        <Link to={paths.support}>Support Centre</Link>
      </nav>
      <p className="copyright">© {YEAR} Zuum. All rights reserved.</p>
    </footer>
  );
}
