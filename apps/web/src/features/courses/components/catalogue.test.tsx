import type { CourseCard } from '@lyceum/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCourseCard } from '@/test/courses';
import { renderWithApp } from '@/test/render';
import { Catalogue } from './catalogue';

vi.setConfig({ testTimeout: 20_000 });

function card(id: number, title: string, category = 'Design'): CourseCard {
  return makeCourseCard({ id: `4a1c9e3b-2d6f-4b8a-9c0e-${String(id).padStart(12, '0')}`, title, category });
}

function page(items: CourseCard[], total = items.length) {
  return new Response(JSON.stringify({ items, page: 1, pageSize: 12, total }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the catalogue', () => {
  it('loads the category from the URL, searches after a typing pause and keeps the search in the URL', async () => {
    const fetchMock = vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      return url.searchParams.get('q') ? page([card(2, 'Colour theory')]) : page([card(1, 'Visual Design Basics')]);
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { router } = renderWithApp(<Catalogue />, { route: '/courses?category=Design', path: '/courses' });

    expect(screen.getByRole('status')).toHaveTextContent('Loading courses');
    expect(await screen.findByRole('article', { name: 'Visual Design Basics' })).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/courses?page=1&pageSize=12&category=Design');
    expect(screen.getByText('Showing 1–1 of 1 course')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search courses' }), 'colour');
    expect(await screen.findByRole('article', { name: 'Colour theory' }, { timeout: 5_000 })).toBeInTheDocument();
    // One request for the whole word, not one per key.
    const searches = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('q='));
    expect(searches).toEqual(['/api/courses?page=1&pageSize=12&q=colour&category=Design']);
    await waitFor(() => expect(router.state.location.search).toBe('?category=Design&q=colour'));
    // A search is ordered by relevance unless a sort is chosen.
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Best match');
  });

  it('filters by the chosen category and orders by the chosen sort, both kept in the URL', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => page([card(1, 'Visual Design Basics')]));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { router } = renderWithApp(<Catalogue />, { route: '/courses', path: '/courses' });
    expect(await screen.findByRole('article', { name: 'Visual Design Basics' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Marketing');
    await waitFor(() => expect(router.state.location.search).toBe('?category=Marketing'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Top rated');
    await waitFor(() => expect(router.state.location.search).toBe('?category=Marketing&sort=rating'));
    await waitFor(() =>
      expect(String(fetchMock.mock.lastCall?.[0])).toBe(
        '/api/courses?page=1&pageSize=12&category=Marketing&sort=rating',
      ),
    );
    // The default order is no parameter at all.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Newest');
    await waitFor(() => expect(router.state.location.search).toBe('?category=Marketing'));
  });

  it('says when nothing matches and clears the filters', async () => {
    const fetchMock = vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      return url.searchParams.get('q') ? page([]) : page([card(1, 'Visual Design Basics')]);
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { router } = renderWithApp(<Catalogue />, { route: '/courses?q=zzz', path: '/courses' });

    expect(await screen.findByText('No course matches your search')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('article', { name: 'Visual Design Basics' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('searchbox', { name: 'Search courses' })).toHaveValue('');
  });

  it('says a page past the end is past the end, links the last page, and shows "10,000+" for a capped count', async () => {
    const fetchMock = vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      const requested = Number(url.searchParams.get('page'));
      const body =
        requested === 99
          ? { items: [], page: 99, pageSize: 12, total: 14, lastPage: 2 }
          : {
              items: [card(13, 'Last course')],
              page: 2,
              pageSize: 12,
              total: 10_000,
              lastPage: 2,
              totalIsLowerBound: true,
            };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { router } = renderWithApp(<Catalogue />, { route: '/courses?page=99', path: '/courses' });

    expect(await screen.findByText(/This page is past the end/)).toBeInTheDocument();
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
    expect(screen.queryByText('No courses have been published yet')).not.toBeInTheDocument();
    expect(screen.getByText('14 courses')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'go to the last page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(await screen.findByRole('article', { name: 'Last course' })).toBeInTheDocument();
    expect(screen.getByText('Showing 13–13 of 10,000+ courses')).toBeInTheDocument();
  });
});
