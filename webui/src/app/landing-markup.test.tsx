import { describe, expect, it } from 'vitest';
import { renderLanding } from './landing-markup';

describe('renderLanding', () => {
  const markup = renderLanding();

  it('renders the landing page with its links as plain hrefs, for a page without React', () => {
    expect(markup).toContain('<h1>Your music. Your fans. Your label deal.</h1>');
    expect(markup).toMatch(/<a class="btn btn-primary" href="\/start"[^>]*>Get Started<\/a>/);
    expect(markup).toMatch(/<a class="btn btn-ghost" href="\/login"[^>]*>Log In<\/a>/);
    expect(markup).toContain(`© ${new Date().getFullYear()} Zuum.`);
  });
});
