import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { createLogger, REQUEST_LOG_FIELDS } from '../observability/log/logger.ts';
import { duration, LEGAL_TEXT_DATE, legalFacts, longDate, perPeriod } from './legal-facts.ts';

describe('the facts the legal pages state', () => {
  it("are this deployment's: its pages, quotas and contact", () => {
    const facts = legalFacts(
      loadConfig({
        SITE_URL: 'https://catalogo.example',
        RATE_LIMIT_WINDOW_SECONDS: '30',
        RATE_LIMIT_DISTINCT_WINDOW_SECONDS: '3600',
        CONTACT_EMAIL: 'oi@catalogo-aberto.com.br',
      }),
    );
    expect(facts.pages).toEqual({
      privacy: 'https://catalogo.example/privacidade',
      terms: 'https://catalogo.example/termos',
      contact: 'https://catalogo.example/contato',
    });
    expect(facts.quotas).toMatchObject({ enabled: true, windowSeconds: 30, distinctProductIds: { windowSeconds: 3600 } });
    expect(facts.reachable).toBe(true);
    expect(facts.operator.email).toBe('oi@catalogo-aberto.com.br');
    expect(facts.docs).toEqual({
      portal: '/',
      openapiJson: '/openapi.json',
      openapiYaml: '/api/openapi.yaml',
      llms: '/llms.txt',
      manifest: '/gpt.json',
      mcp: '/mcp',
    });
    expect(facts.textDate).toBe(LEGAL_TEXT_DATE);
    const unset = legalFacts(loadConfig({ RATE_LIMITS: 'off' }));
    expect(unset.reachable).toBe(false);
    expect(unset.quotas.enabled).toBe(false);
  });

  it("list the request log's fields as the logger writes them", () => {
    const written: string[] = [];
    const logger = createLogger('info', (line) => written.push(line));
    logger.request({ method: 'GET', route: '/', status: null, durationMs: 1, catalogVersion: 'v', aborted: true });
    expect(legalFacts(loadConfig({})).logFields).toEqual(Object.keys(JSON.parse(written[0]!)));
    expect(legalFacts(loadConfig({})).logFields).toBe(REQUEST_LOG_FIELDS);
  });

  it('write durations and dates as people read them', () => {
    expect(duration(60, 'pt-BR')).toBe('1 minuto');
    expect(duration(600, 'pt-BR')).toBe('10 minutos');
    expect(duration(90, 'pt-BR')).toBe('90 segundos');
    expect(duration(1, 'pt-BR')).toBe('1 segundo');
    expect(duration(7200, 'en')).toBe('2 hours');
    expect(duration(86_400, 'pt-BR')).toBe('24 horas');
    expect(duration(3_600_000, 'pt-BR')).toBe('1.000 horas');
    expect(perPeriod(60, 'pt-BR')).toBe('por minuto');
    expect(perPeriod(600, 'pt-BR')).toBe('a cada 10 minutos');
    expect(perPeriod(3600, 'en')).toBe('per hour');
    expect(perPeriod(90, 'en')).toBe('per 90 seconds');
    expect(longDate('2026-11-26', 'pt-BR')).toBe('26 de novembro de 2026');
    expect(longDate('2026-11-26', 'en')).toBe('November 26, 2026');
  });
});
