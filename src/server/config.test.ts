import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig: environment variables, all optional', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe('0.0.0.0');
    expect(config.DATABASE_URL).toBe('file:./data/restaurant.db');
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.MAIL_FROM).toBe('no-reply@localhost');
    expect(config.TRUST_PROXY).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('derives PUBLIC_URL from PORT and MAIL_FROM from PUBLIC_URL', () => {
    expect(loadConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    const config = loadConfig({ PUBLIC_URL: 'https://www.trattoria.example/' });
    expect(config.PUBLIC_URL).toBe('https://www.trattoria.example');
    expect(config.MAIL_FROM).toBe('no-reply@www.trattoria.example');
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ SMTP_URL: '', PUBLIC_URL: ' ' }).SMTP_URL).toBeUndefined();
  });

  it('parses TRUST_PROXY lists', () => {
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,::1' }).TRUST_PROXY).toEqual([
      'loopback',
      '10.0.0.0/8',
      '::1',
    ]);
  });

  it('reads PUSH_ALLOWED_ORIGINS as origins, and refuses anything with a path', () => {
    expect(loadConfig({}).PUSH_ALLOWED_ORIGINS).toBeUndefined();
    expect(
      loadConfig({ PUSH_ALLOWED_ORIGINS: 'http://127.0.0.1:8443, https://Push.Example' })
        .PUSH_ALLOWED_ORIGINS,
    ).toEqual(['http://127.0.0.1:8443', 'https://push.example']);
    for (const bad of [
      '127.0.0.1:8443',
      'http://127.0.0.1/',
      'https://a.example/push',
      'ftp://a',
    ]) {
      expect(() => loadConfig({ PUSH_ALLOWED_ORIGINS: bad }), bad).toThrow(/PUSH_ALLOWED_ORIGINS/);
    }
  });

  it('reads CLOCK_START as an instant with its zone, and refuses one without', () => {
    expect(loadConfig({}).CLOCK_START).toBeUndefined();
    expect(loadConfig({ CLOCK_START: '2026-12-24T10:00:00+01:00' }).CLOCK_START).toBe(
      Date.parse('2026-12-24T09:00:00Z'),
    );
    expect(loadConfig({ CLOCK_START: '2026-12-24T09:00:00Z' }).CLOCK_START).toBe(
      Date.parse('2026-12-24T09:00:00Z'),
    );
    for (const bad of ['tomorrow', '2026-12-24', '2026-12-24T10:00:00', '2026-13-01T10:00:00Z']) {
      expect(() => loadConfig({ CLOCK_START: bad }), bad).toThrow(/CLOCK_START: must be an ISO/);
    }
  });

  it('turns the daily backup on with BACKUP_DIR, keeping BACKUP_KEEP (14 unless set, at least 1)', () => {
    expect(loadConfig({}).BACKUP_DIR).toBeUndefined();
    expect(loadConfig({}).BACKUP_KEEP).toBe(14);
    expect(loadConfig({ BACKUP_DIR: ' ' }).BACKUP_DIR).toBeUndefined();
    expect(loadConfig({ BACKUP_DIR: '/var/backups/trattoria', BACKUP_KEEP: '30' })).toMatchObject({
      BACKUP_DIR: '/var/backups/trattoria',
      BACKUP_KEEP: 30,
    });
    for (const bad of ['0', '-1', '2.5', 'many']) {
      expect(() => loadConfig({ BACKUP_KEEP: bad }), bad).toThrow(/BACKUP_KEEP/);
    }
    // Encrypted backups (docs/security.md item 50): a blank passphrase is none.
    expect(loadConfig({}).BACKUP_PASSPHRASE).toBeUndefined();
    expect(loadConfig({ BACKUP_PASSPHRASE: '  ' }).BACKUP_PASSPHRASE).toBeUndefined();
    expect(loadConfig({ BACKUP_PASSPHRASE: ' il mare di Trapani ' }).BACKUP_PASSPHRASE).toBe(
      'il mare di Trapani',
    );
    // Too short to be a key (docs/security.md item 50): the server stops, naming it.
    for (const short of ['x', 'il mare', ' undici car ']) {
      expect(() => loadConfig({ BACKUP_PASSPHRASE: short }), short).toThrow(
        /BACKUP_PASSPHRASE: must be at least 12 characters long/,
      );
    }
  });

  it('reads LOG_FORMAT as json or pretty, unset leaving the choice to the output', () => {
    expect(loadConfig({}).LOG_FORMAT).toBeUndefined();
    expect(loadConfig({ LOG_FORMAT: 'json' }).LOG_FORMAT).toBe('json');
    expect(loadConfig({ LOG_FORMAT: ' pretty ' }).LOG_FORMAT).toBe('pretty');
    for (const bad of ['yaml', 'JSON', 'true']) {
      expect(() => loadConfig({ LOG_FORMAT: bad }), bad).toThrow(/LOG_FORMAT:/);
    }
  });

  it('names every bad key', () => {
    const bad = {
      PORT: 'eighty',
      PUBLIC_URL: 'not a url',
      SMTP_URL: 'http://mail.example',
      TRUST_PROXY: 'everyone',
      DATABASE_URL: 'mysql://x',
      CONTACT_EMAIL: 'nobody',
      CLOCK_START: 'next winter',
      BACKUP_PASSPHRASE: 'mare',
      LOG_FORMAT: 'colours',
    };
    try {
      loadConfig(bad);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const keys = (error as ConfigError).issues.map((issue) => issue.split(':')[0]);
      expect(keys.sort()).toEqual(Object.keys(bad).sort());
    }
  });
});
