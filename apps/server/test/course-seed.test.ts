import type { CoursePage, CourseShelf } from '@lyceum/contract';
import { describe, expect, it } from 'vitest';
import { courses } from '../src/db/schema/index.js';
import { seedDemoData } from '../src/db/seed/index.js';
import { sanitizeAboutHtml } from '../src/features/courses/sanitize.js';
import { useTestApp } from './helper.js';

const ctx = useTestApp();

describe('demo courses', () => {
  it('are stored sanitised, searchable, filterable and rated like courses written through the API', async () => {
    await seedDemoData(ctx.database.db);
    const rows = await ctx.database.db.select({ aboutHtml: courses.aboutHtml }).from(courses);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(sanitizeAboutHtml(row.aboutHtml)).toBe(row.aboutHtml);

    const get = async <T>(url: string) => (await ctx.app.inject({ method: 'GET', url })).json<T>();
    const search = await get<CoursePage>('/api/courses?q=javascript');
    expect(search.items.map((c) => c.title)).toContain('Modern JavaScript from the Ground Up');
    expect((await get<CoursePage>('/api/courses?q=exposure')).items[0]!.title).toBe('Photography Fundamentals');
    const photography = await get<CoursePage>('/api/courses?category=Photography');
    expect(photography.total).toBeGreaterThan(0);
    expect(photography.items.every((c) => c.category === 'Photography')).toBe(true);

    const featured = await get<CourseShelf>('/api/courses/featured?limit=4');
    expect(featured.items).toHaveLength(4);
    expect(featured.items[0]!.rating.count).toBeGreaterThan(0);
    const averages = featured.items.map((c) => c.rating.average ?? 0);
    expect([...averages].sort((a, b) => b - a)).toEqual(averages);
  });
});
