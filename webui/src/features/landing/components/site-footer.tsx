import { Link } from 'react-router-dom';

/** Read once when the app loads. */
const YEAR = new Date().getFullYear();

/** Footer (spec §2): Products and Help links, each to a page of its own, and the copyright year. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <nav aria-label="Products">
        <h3>Products</h3>
        <Link to="/">Home</Link>
        <Link to="/zuum-news">News</Link>
        <Link to="/contact">Contact Us</Link>
        <Link to="/about">About Us</Link>
      </nav>
      <nav aria-label="Help">
        <h3>Help</h3>
        <Link to="/faq">FAQ</Link>
        <Link to="/support">Support Centre</Link>
      </nav>
      <p className="copyright">© {YEAR} Zuum. All rights reserved.</p>
    </footer>
  );
}
