import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { headersOf, mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { LicencePage } from './licence-page';

const routes = [{ path: '/licences/:number', element: <LicencePage /> }];

describe('/licences/{number}', () => {
  it('shows a genuine licence to anyone, asking only the public check (no profile, no session needed)', async () => {
    const { calls } = mockApi({
      'GET /licences/ZUUM-AB12-CD34-EF56': {
        status: 200,
        body: {
          valid: true,
          licence_number: 'ZUUM-AB12-CD34-EF56',
          beat: { id: 'b-1', title: 'Afro Drill' },
          buyer: { id: 'u-1', username: 'adabeats' },
          producer: { id: 'u-2', username: 'kel_on_the_beat' },
          purchased_at: '2026-03-01T12:00:00Z',
        },
      },
    });
    renderRoutes(routes, '/licences/ZUUM-AB12-CD34-EF56');
    expect(await screen.findByText('This licence is genuine.')).toBeInTheDocument();
    const facts = Object.fromEntries(screen.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(facts).toEqual({
      'Licence number': 'ZUUM-AB12-CD34-EF56',
      Beat: 'Afro Drill',
      'Licensed to': 'adabeats',
      Producer: 'kel_on_the_beat',
      Purchased: '1 March 2026 at 13:00',
    });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /licences/ZUUM-AB12-CD34-EF56']);
    expect(headersOf(calls[0]).authorization).toBeUndefined();
  });

  it('says "Licence not found" for an unknown number', async () => {
    mockApi({ 'GET /licences/ZUUM-0000-0000-0000': { status: 404, body: { message: 'Licence not found' } } });
    renderRoutes(routes, '/licences/ZUUM-0000-0000-0000');
    expect(await screen.findByRole('alert')).toHaveTextContent('Licence not found');
  });
});
