import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { readFileSync } from 'node:fs';
import { adaUser, userPage } from '../testing/admin-samples';
import { UsersPage } from './users-page';

/** Every admin component's source, to check each table cell carries its column's name. */
const sources = import.meta.glob<string>(['./*.tsx', '!./*.test.tsx'], { query: '?raw', import: 'default', eager: true });

const css = readFileSync(`${process.cwd()}/src/features/admin/components/admin.css`, 'utf8');

describe('admin tables on a narrow screen', () => {
  it('turn rows into cards below 640 px, each cell after its column name', () => {
    const narrow = css.slice(css.indexOf('@media (max-width: 640px)'));
    expect(narrow).toContain('.admin-table tr {');
    expect(narrow).toMatch(/\.admin-table td::before \{ content: attr\(data-label\)/);
    expect(narrow).toMatch(/\.admin-table thead \{ position: absolute/);
  });

  it('name the column of every cell of every admin table', () => {
    const tables = Object.entries(sources).filter(([, src]) => src.includes('<td'));
    expect(tables.length).toBeGreaterThan(0);
    for (const [file, src] of tables) {
      const cells = src.match(/<td\b[^>]*>/g) ?? [];
      for (const cell of cells) expect(cell, `${file}: ${cell}`).toMatch(/data-label="[^"]+"/);
    }
  });

  it("labels each rendered cell with its column's header", async () => {
    mockApi({ 'GET /admin/users': { status: 200, body: userPage([adaUser]) } });
    renderRoutes([{ path: '/users', element: <UsersPage /> }], '/users');
    const row = (await screen.findByText('adabeats')).closest('tr')!;
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader').map((th) => th.textContent);
    const labels = Array.from(row.querySelectorAll('td')).map((td) => td.getAttribute('data-label'));
    expect(labels).toEqual(headers);
  });
});
