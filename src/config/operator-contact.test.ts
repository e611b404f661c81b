import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { contactWarnings, hasContact } from './operator-contact.ts';

describe('the operator and its contact (OPERATOR_NAME, CONTACT_EMAIL, CONTACT_URL, DPO_NAME)', () => {
  it('is unset in a fresh clone, and says so at build and start', () => {
    const { operator } = loadConfig({});
    expect(operator).toEqual({ name: null, email: null, url: null, dpoName: null });
    expect(hasContact(operator)).toBe(false);
    expect(contactWarnings(operator)).toEqual([
      expect.stringMatching(/^no contact configured \(CONTACT_EMAIL, CONTACT_URL\)/),
      expect.stringMatching(/^OPERATOR_NAME is unset/),
    ]);
  });

  it('takes each setting as given, trimmed, and warns about nothing when they reach someone', () => {
    const { operator } = loadConfig({
      OPERATOR_NAME: '  Catálogo Aberto Ltda. ',
      CONTACT_EMAIL: 'privacidade@catalogo-aberto.com.br',
      CONTACT_URL: 'https://catalogo-aberto.com.br/fale-conosco',
      DPO_NAME: 'Maria da Silva',
    });
    expect(operator).toEqual({
      name: 'Catálogo Aberto Ltda.',
      email: 'privacidade@catalogo-aberto.com.br',
      url: 'https://catalogo-aberto.com.br/fale-conosco',
      dpoName: 'Maria da Silva',
    });
    expect(contactWarnings(operator)).toEqual([]);
    // Either channel alone is a contact.
    expect(hasContact(loadConfig({ CONTACT_URL: 'https://catalogo-aberto.com.br/contato' }).operator)).toBe(true);
    expect(hasContact(loadConfig({ CONTACT_EMAIL: 'oi@catalogo-aberto.com.br' }).operator)).toBe(true);
  });

  it('refuses values that are not what they claim, naming the variable', () => {
    expect(() => loadConfig({ CONTACT_EMAIL: 'contato' })).toThrow(/CONTACT_EMAIL: must be an e-mail address/);
    expect(() => loadConfig({ CONTACT_EMAIL: 'a@b@c.com' })).toThrow(/CONTACT_EMAIL/);
    expect(() => loadConfig({ CONTACT_URL: 'http://catalogo-aberto.com.br/contato' })).toThrow(/CONTACT_URL: must be an https:\/\/ URL/);
    expect(() => loadConfig({ CONTACT_URL: 'mailto:oi@catalogo-aberto.com.br' })).toThrow(/CONTACT_URL/);
    expect(() => loadConfig({ OPERATOR_NAME: 'Loja\nDois' })).toThrow(/OPERATOR_NAME: must be one line/);
    expect(() => loadConfig({ OPERATOR_NAME: '   ' })).toThrow(/OPERATOR_NAME/);
    expect(() => loadConfig({ DPO_NAME: 'x'.repeat(121) })).toThrow(/DPO_NAME: must be at most 120/);
  });

  it('warns about a contact at a domain reserved for examples, which reaches nobody', () => {
    const warnings = contactWarnings(
      loadConfig({ OPERATOR_NAME: 'Loja', CONTACT_EMAIL: 'contato@example.com', CONTACT_URL: 'https://www.catalogo.test/contato' })
        .operator,
    );
    expect(warnings).toEqual([
      'CONTACT_EMAIL is at example.com, a domain reserved for examples: no mail reaches it',
      'CONTACT_URL is on www.catalogo.test, a domain reserved for examples: it reaches nobody',
    ]);
    // A real domain that merely contains the word is not one of them.
    expect(contactWarnings(loadConfig({ OPERATOR_NAME: 'Loja', CONTACT_EMAIL: 'oi@example.com.br' }).operator)).toEqual([]);
    expect(contactWarnings(loadConfig({ OPERATOR_NAME: 'Loja', CONTACT_EMAIL: 'oi@myexample.com' }).operator)).toEqual([]);
  });
});
