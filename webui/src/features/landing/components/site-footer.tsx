import { Link } from 'react-router-dom';

/** Read once when the app loads. */
const YEAR = new Date().getFullYear();

/** Footer: Products and Help links (placeholders per spec §2) and the copyright year. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <nav aria-label="Products">
        <h3>Products</h3>
        <Link to="/">Home</Link>
        <a href="#news">News</a>
        <a href="#contact">Contact Us</a>
        <a href="#about">About Us</a>
      </nav>
      <nav aria-label="Help">
        <h3>Help</h3>
        <a href="#faq">FAQ</a>
        <a href="#support">Support Centre</a>
      </nav>
      <p className="copyright">© {YEAR} Zuum. All rights reserved.</p>
    </footer>
  );
}
