import { describe, expect, it } from 'vitest';
import { parseAdminArgs, UsageError } from '../../src/admin/args.js';

describe('admin arguments', () => {
  it('parses keys create with every option', () => {
    expect(
      parseAdminArgs(['keys', 'create', '--email', 'a@example.com', '--plan', 'pro', '--name', 'ci', '--scopes', 'projects:read, geo:read', '--json']),
    ).toEqual({ kind: 'keys-create', email: 'a@example.com', plan: 'pro', name: 'ci', scopes: ['projects:read', 'geo:read'], json: true });
  });

  it('leaves out what was not given', () => {
    expect(parseAdminArgs(['keys', 'create', '--email', 'a@example.com'])).toEqual({ kind: 'keys-create', email: 'a@example.com', json: false });
  });

  it('parses keys list and keys revoke', () => {
    expect(parseAdminArgs(['keys', 'list', '--email', 'a@example.com'])).toEqual({ kind: 'keys-list', email: 'a@example.com', json: false });
    expect(parseAdminArgs(['keys', 'revoke', 'sk_live_AbCd', '--json'])).toEqual({ kind: 'keys-revoke', prefix: 'sk_live_AbCd', json: true });
  });

  it('parses accounts set-page-cap and clear-page-cap', () => {
    expect(parseAdminArgs(['accounts', 'set-page-cap', '--email', 'a@example.com', '--max-pages', '1000000'])).toEqual({
      kind: 'accounts-set-page-cap',
      email: 'a@example.com',
      maxPages: 1_000_000,
      json: false,
    });
    expect(parseAdminArgs(['accounts', 'set-page-cap', '--email', 'a@example.com', '--max-pages', '1', '--json'])).toMatchObject({ maxPages: 1, json: true });
    expect(parseAdminArgs(['accounts', 'clear-page-cap', '--email', 'a@example.com'])).toEqual({
      kind: 'accounts-clear-page-cap',
      email: 'a@example.com',
      json: false,
    });
  });

  it.each([[[]], [['--help']], [['-h']], [['help']], [['keys', 'create', '--help']]])('shows help for %j', (args) => {
    expect(parseAdminArgs(args)).toEqual({ kind: 'help' });
  });

  it.each([
    [['keys', 'create', '--plan', 'pro'], /--email is required/],
    [['keys', 'create', '--email', ' '], /--email is required/],
    [['keys', 'create', '--email', 'x@example.com', '--plan', 'gold'], /Unknown plan "gold"/],
    [['keys', 'create', '--email', 'x@example.com', '--plan', 'Pro'], /Unknown plan "Pro"/],
    [['keys', 'create', '--email', 'x@example.com', '--scopes', 'projects:read,nope'], /Unknown scope "nope"/],
    [['keys', 'create', '--email', 'x@example.com', '--scopes', ','], /at least one scope/],
    [['keys', 'create', '--email', 'x@example.com', '--name', ''], /--name is required/],
    [['keys', 'create', '--email'], /argument missing/],
    [['keys', 'create', '--email', 'x@example.com', 'extra'], /Unexpected argument "extra"/],
    [['keys', 'list', '--email', 'x@example.com', '--plan', 'pro'], /does not take --plan/],
    [['keys', 'list'], /--email is required/],
    [['keys', 'revoke'], /exactly one key prefix/],
    [['keys', 'revoke', 'a', 'b'], /exactly one key prefix/],
    [['keys', 'revoke', 'a', '--email', 'x@example.com'], /does not take --email/],
    [['keys'], /Unknown keys command ""/],
    [['keys', 'frob'], /Unknown keys command "frob"/],
    [['users', 'list'], /Unknown command "users"; expected "keys" or "accounts"/],
    [['keys', 'list', '--bogus'], /^Unknown option --bogus$/],
    [['keys', 'list', '--json=yes'], /--json/],
    [['accounts', 'set-page-cap', '--email', 'x@example.com'], /--max-pages is required/],
    [['accounts', 'set-page-cap', '--max-pages', '10'], /--email is required/],
    [['accounts', 'set-page-cap', '--email', 'x@example.com', '--max-pages', '1000001'], /--max-pages must be a whole number from 1 to 1000000, not "1000001"/],
    [['accounts', 'set-page-cap', '--email', 'x@example.com', '--max-pages', '0'], /from 1 to 1000000/],
    [['accounts', 'set-page-cap', '--email', 'x@example.com', '--max-pages', '1e6'], /from 1 to 1000000/],
    [['accounts', 'set-page-cap', '--email', 'x@example.com', '--max-pages', '-5'], /argument is ambiguous/],
    [['accounts', 'set-page-cap', '--email', 'x@example.com', '--max-pages=-5'], /from 1 to 1000000, not "-5"/],
    [['accounts', 'set-page-cap', '--email', 'x@example.com', '--max-pages', '10', '--plan', 'agency'], /does not take --plan/],
    [['accounts', 'clear-page-cap', '--email', 'x@example.com', '--max-pages', '10'], /does not take --max-pages/],
    [['accounts', 'upgrade'], /Unknown accounts command "upgrade"; expected set-page-cap or clear-page-cap/],
    [['keys', 'set-page-cap'], /Unknown keys command "set-page-cap"/],
  ])('rejects %j', (args, message) => {
    expect(() => parseAdminArgs(args)).toThrow(UsageError);
    expect(() => parseAdminArgs(args)).toThrow(message);
  });
});
