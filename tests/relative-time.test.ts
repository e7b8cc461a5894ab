import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from '../common/relative-time.ts';

const now = Date.parse('2026-11-22T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('formatRelativeTime', () => {
  it('says "2 hours ago" in the three languages', () => {
    expect(formatRelativeTime(ago(2 * 3600 + 59), now, 'en')).toBe('2 hours ago');
    expect(formatRelativeTime(ago(2 * 3600), now, 'fr')).toBe('il y a 2 heures');
    expect(formatRelativeTime(ago(2 * 3600), now, 'ar')).toBe('قبل ساعتين');
  });

  it('picks the largest whole unit, "yesterday" and "now" included', () => {
    expect(formatRelativeTime(ago(30), now, 'en')).toBe('now');
    expect(formatRelativeTime(ago(5 * 60), now, 'en')).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(30 * 3600), now, 'en')).toBe('yesterday');
    expect(formatRelativeTime(ago(10 * 86400), now, 'fr')).toBe('la semaine dernière');
    expect(formatRelativeTime(ago(70 * 86400), now, 'en')).toBe('2 months ago');
    expect(formatRelativeTime(ago(800 * 86400), now, 'en')).toBe('2 years ago');
  });

  it('reads a date slightly ahead of the clock as now, and depends on the given clock only', () => {
    expect(formatRelativeTime(new Date(now + 4000).toISOString(), now, 'en')).toBe('now');
    expect(formatRelativeTime(ago(3600), new Date(now).toISOString(), 'en')).toBe(formatRelativeTime(ago(3600), now, 'en'));
  });
});
