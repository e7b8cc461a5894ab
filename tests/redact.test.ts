// Log redaction of URLs (server/services/redact.ts).
import { describe, expect, it } from 'vitest';
import { redactUrl } from '../server/services/redact.ts';

describe('redactUrl', () => {
  it('removes the value of every token parameter, and nothing else', () => {
    expect(redactUrl('/en/reset-password?token=abc')).toBe('/en/reset-password?token=[redacted]');
    expect(redactUrl('http://localhost:3000/ar/verify-email?token=abc&lang=ar')).toBe('http://localhost:3000/ar/verify-email?token=[redacted]&lang=ar');
    expect(redactUrl('/x?a=1&Token=s&resetToken=t&%74oken=u#frag')).toBe('/x?a=1&Token=[redacted]&resetToken=[redacted]&%74oken=[redacted]#frag');
    expect(redactUrl('/en/search?title=lampe&page=2')).toBe('/en/search?title=lampe&page=2');
    expect(redactUrl('/en/about')).toBe('/en/about');
  });

  it('reaches into a URL carried in another parameter', () => {
    const out = redactUrl(`/en/login?redirectTo=${encodeURIComponent('/en/reset-password?token=s3cret')}`);
    expect(out).not.toContain('s3cret');
    expect(decodeURIComponent(out)).toContain('/en/reset-password?token=[redacted]');
  });
});
