import { describe, expect, it } from 'vitest';
import { readUcpAgent } from './ucp-agent.ts';

describe('readUcpAgent', () => {
  it('reads the profile of an RFC 8941 dictionary, other members beside it', () => {
    expect(readUcpAgent('profile="https://agent.example/p.json"')).toEqual({ profile: 'https://agent.example/p.json' });
    expect(readUcpAgent('version="2026-04-08", profile="https://a.example/x"')).toEqual({ profile: 'https://a.example/x' });
  });

  it('answers without a profile when the header or its member is absent', () => {
    expect(readUcpAgent(null)).toEqual({ profile: null });
    expect(readUcpAgent('  ')).toEqual({ profile: null });
    expect(readUcpAgent('other="x"')).toEqual({ profile: null });
  });

  it('refuses what is not a dictionary, and a profile that is not an http(s) URL', () => {
    for (const header of ['profile=https://unquoted.example', 'profile="x" garbage', '"just a string"'])
      expect(readUcpAgent(header)).toHaveProperty('error');
    for (const header of ['profile="not a url"', 'profile="file:///etc/passwd"', 'profile=?1', 'profile=42'])
      expect(readUcpAgent(header)).toHaveProperty('error');
  });
});
