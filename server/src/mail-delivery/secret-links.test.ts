import { describe, expect, it } from 'vitest';
import { maskSecretLinks } from './secret-links.ts';

describe('maskSecretLinks', () => {
  it('masks token-like parameters in links and keeps the rest', () => {
    const text =
      'Open https://portal.example/reset-password?token=Ab-9_x then\n' +
      '<a href="https://p.example/s?id=4&key=s3cr3t#top">sign</a> or https://p.example/?page=2';
    expect(maskSecretLinks(text)).toBe(
      'Open https://portal.example/reset-password?token=******** then\n' +
        '<a href="https://p.example/s?id=4&key=********#top">sign</a> or https://p.example/?page=2',
    );
  });

  it('leaves text without links alone', () => {
    expect(maskSecretLinks('token = 42, no link here')).toBe('token = 42, no link here');
  });
});
